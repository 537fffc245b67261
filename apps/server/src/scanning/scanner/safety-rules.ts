/**
 * How dangerous importing one global from a pickle is. Loading a pickle calls whatever it imports, so
 * the verdict is about what the import can do, not about the file's intent:
 *
 * - `dangerous`: runs code or commands, reaches the file system or the network, loads other pickles,
 *   or hands out arbitrary attributes (`getattr`-like). Learned from the rules the Hugging Face Hub and
 *   picklescan publish, plus a few look-alikes of the same families.
 * - `innocuous`: the building blocks of tensors, arrays and plain containers that PyTorch, NumPy and
 *   joblib write into weight files.
 * - `suspicious`: everything else (a model class of some library, an unknown helper): not known to be
 *   harmful, not known to be harmless.
 */
export type Safety = "innocuous" | "suspicious" | "dangerous";

/** Every name of the module (and of its submodules) is dangerous. */
const ANY = "*" as const;
type NameRule = typeof ANY | readonly string[];

const DANGEROUS: Record<string, NameRule> = {
  // code evaluation and attribute access by name (Python 3 and Python 2 spellings)
  builtins: [
    "eval",
    "exec",
    "execfile",
    "compile",
    "open",
    "input",
    "apply",
    "breakpoint",
    "getattr",
    "setattr",
    "delattr",
    "globals",
    "locals",
    "vars",
    "__import__",
    "help",
    "exit",
    "quit",
  ],
  // processes, the operating system and the interpreter
  os: ANY,
  posix: ANY,
  nt: ANY,
  subprocess: ANY,
  commands: ANY,
  popen2: ANY,
  pty: ANY,
  sys: ANY,
  signal: ANY,
  multiprocessing: ANY,
  platform: ["popen"],
  shutil: ANY,
  tempfile: ANY,
  glob: ANY,
  io: ["open", "open_code", "FileIO"],
  _io: ANY,
  pathlib: ANY,
  ctypes: ANY,
  _ctypes: ANY,
  cffi: ANY,
  // running or importing code
  runpy: ANY,
  importlib: ANY,
  imp: ANY,
  pkgutil: ANY,
  zipimport: ANY,
  code: ANY,
  codeop: ANY,
  marshal: ANY,
  types: ["CodeType", "FunctionType", "LambdaType", "MethodType", "ModuleType"],
  inspect: ANY,
  pydoc: ANY,
  timeit: ANY,
  profile: ANY,
  cProfile: ANY,
  trace: ANY,
  pdb: ANY,
  bdb: ANY,
  doctest: ANY,
  idlelib: ANY,
  lib2to3: ANY,
  venv: ANY,
  ensurepip: ANY,
  pip: ANY,
  setuptools: ANY,
  distutils: ANY,
  "numpy.f2py": ANY,
  "numpy.testing._private.utils": ANY,
  "numpy.distutils": ANY,
  // more pickles hidden inside the pickle
  pickle: ANY,
  _pickle: ANY,
  cPickle: ANY,
  pickletools: ANY,
  dill: ANY,
  cloudpickle: ANY,
  shelve: ANY,
  joblib: ["load"],
  "numpy.lib.npyio": ["load"],
  numpy: ["load", "loads", "fromfile"],
  "pandas.io.pickle": ANY,
  "torch.serialization": ["load", "_load", "_legacy_load"],
  "torch.hub": ANY,
  "torch.jit": ["load", "_load_for_lite_interpreter"],
  "torch._inductor.codecache": ANY,
  "torch.utils.collect_env": ANY,
  "torch.utils._config_module": ANY,
  "torch.utils.data.datapipes.utils.decoder": ANY,
  "torch.fx.experimental.symbolic_shapes": ANY,
  "torch._dynamo.guards": ANY,
  "torch.jit.unsupported_tensor_ops": ANY,
  "torch.utils.bottleneck": ANY,
  // calling by indirection
  functools: ["partial", "partialmethod", "reduce"],
  operator: ["attrgetter", "itemgetter", "methodcaller", "getitem", "call"],
  _operator: ["attrgetter", "itemgetter", "methodcaller", "getitem", "call"],
  copyreg: ["_reconstructor_getattr"],
  // the network
  socket: ANY,
  _socket: ANY,
  ssl: ANY,
  asyncio: ANY,
  select: ANY,
  selectors: ANY,
  http: ANY,
  httplib: ANY,
  urllib: ANY,
  urllib2: ANY,
  ftplib: ANY,
  smtplib: ANY,
  telnetlib: ANY,
  xmlrpc: ANY,
  webbrowser: ANY,
  requests: ANY,
  aiohttp: ANY,
  httpx: ANY,
  paramiko: ANY,
};

const INNOCUOUS: Record<string, NameRule> = {
  collections: ["OrderedDict", "defaultdict", "deque", "Counter"],
  builtins: [
    "set",
    "frozenset",
    "slice",
    "range",
    "complex",
    "bytearray",
    "bytes",
    "dict",
    "list",
    "tuple",
    "int",
    "float",
    "bool",
    "str",
    "object",
  ],
  _codecs: ["encode"],
  copyreg: ["_reconstructor", "__newobj__", "__newobj_ex__"],
  torch: [
    "Size",
    "device",
    "Tensor",
    "FloatStorage",
    "DoubleStorage",
    "HalfStorage",
    "BFloat16Storage",
    "LongStorage",
    "IntStorage",
    "ShortStorage",
    "CharStorage",
    "ByteStorage",
    "BoolStorage",
    "ComplexFloatStorage",
    "ComplexDoubleStorage",
    "QUInt8Storage",
    "QInt8Storage",
    "QInt32Storage",
    "QUInt4x2Storage",
    "QUInt2x4Storage",
    "UntypedStorage",
    "TypedStorage",
    "float16",
    "float32",
    "float64",
    "bfloat16",
    "half",
    "float",
    "double",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "bool",
    "complex64",
    "complex128",
    "float8_e4m3fn",
    "float8_e5m2",
    "per_tensor_affine",
    "strided",
    "sparse_coo",
    "contiguous_format",
    "channels_last",
  ],
  "torch._utils": [
    "_rebuild_tensor",
    "_rebuild_tensor_v2",
    "_rebuild_tensor_v3",
    "_rebuild_parameter",
    "_rebuild_parameter_with_state",
    "_rebuild_qtensor",
    "_rebuild_sparse_tensor",
    "_rebuild_meta_tensor_no_storage",
    "_rebuild_wrapper_subclass",
    "_rebuild_device_tensor_from_numpy",
    "_rebuild_nested_tensor",
  ],
  "torch._tensor": ["_rebuild_from_type", "_rebuild_from_type_v2"],
  "torch.nn.parameter": ["Parameter"],
  "torch.storage": ["UntypedStorage", "TypedStorage"],
  numpy: [
    "dtype",
    "ndarray",
    "float16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "bool_",
  ],
  "numpy.core.multiarray": ["_reconstruct", "scalar"],
  "numpy._core.multiarray": ["_reconstruct", "scalar"],
  "numpy.dtypes": ANY,
  "joblib.numpy_pickle": ["NumpyArrayWrapper"],
  "sklearn.externals.joblib.numpy_pickle": ["NumpyArrayWrapper"],
};

/** Python 2 names that Python 3 still writes into protocols 0–2 (`fix_imports`). */
const PYTHON2_NAMES = new Map([
  ["__builtin__", "builtins"],
  ["copy_reg", "copyreg"],
]);

function normalModule(module: string): string {
  const [head, ...rest] = module.split(".");
  const renamed = PYTHON2_NAMES.get(head);
  return renamed === undefined ? module : [renamed, ...rest].join(".");
}

// Maps, not objects: a module named `constructor` or `__proto__` must not find Object's members
const DANGEROUS_RULES = new Map(Object.entries(DANGEROUS));
const INNOCUOUS_RULES = new Map(Object.entries(INNOCUOUS));

function matches(rules: Map<string, NameRule>, module: string, name: string, inherit: boolean): boolean {
  const parts = module.split(".");
  for (let i = parts.length; i >= 1; i--) {
    const rule = rules.get(parts.slice(0, i).join("."));
    if (rule === undefined) continue;
    // a rule on a parent module covers its submodules only when it names everything ("*")
    if (i < parts.length && !(inherit && rule === ANY)) continue;
    if (rule === ANY) return true;
    // `Popen.__init__`, `InteractiveInterpreter.runcode`: the attribute chain starts with a listed name
    const first = name.split(".")[0];
    return rule.includes(name) || rule.includes(first);
  }
  return false;
}

/** The safety of importing `module.name` from a pickle. */
export function importSafety(module: string, name: string): Safety {
  if (module === "" || name === "") return "dangerous";
  if (matches(DANGEROUS_RULES, module, name, true)) return "dangerous";
  const normal = normalModule(module);
  if (normal !== module && matches(DANGEROUS_RULES, normal, name, true)) return "dangerous";
  // a dotted name (`Tensor.__reduce_ex__`, `str.__class__`) reaches attributes: never innocuous
  if (!name.includes(".") && matches(INNOCUOUS_RULES, normal, name, false)) return "innocuous";
  return "suspicious";
}

/** The rules as data, for the README and the admin page (module → names, or "*"). */
export function publishedRules(): {
  dangerous: Record<string, NameRule>;
  innocuous: Record<string, NameRule>;
} {
  return { dangerous: DANGEROUS, innocuous: INNOCUOUS };
}
