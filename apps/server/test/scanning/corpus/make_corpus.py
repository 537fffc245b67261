"""Writes the pickle-scanner corpus into a folder, with manifest.json naming each file's expected verdict.

Nothing here is ever unpickled. torch, numpy and joblib are not needed: their on-disk layouts are
written by hand (fake modules registered in sys.modules give pickle the names those libraries use).
"""

import io
import json
import os
import pickle
import struct
import subprocess
import sys
import types
import zipfile
import gzip
from collections import OrderedDict

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
manifest = []


def write(name, data, expect, imports=(), note=""):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    manifest.append({"file": name, "expect": expect, "imports": list(imports), "note": note})


def fake_module(name, **members):
    module = types.ModuleType(name)
    for key, value in members.items():
        if isinstance(value, type) or callable(value):
            value.__module__ = name
            value.__name__ = value.__qualname__ = key
        setattr(module, key, value)
    sys.modules[name] = module
    return module


# --- payloads -------------------------------------------------------------------------------------


class RunsSystem:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


class RunsEval:
    def __reduce__(self):
        return (eval, ("1+1",))


class RunsPopen:
    def __reduce__(self):
        return (subprocess.Popen, (["echo", "pwned"],))


for protocol in range(0, 6):
    write(
        f"os_system_p{protocol}.pkl",
        pickle.dumps({"weights": [1, 2, 3], "x": RunsSystem()}, protocol=protocol),
        "unsafe",
        ["posix.system"],
        f"os.system, protocol {protocol}",
    )
write("eval_p2.pkl", pickle.dumps(RunsEval(), protocol=2), "unsafe", ["__builtin__.eval"])
write("eval_p4.pkl", pickle.dumps(RunsEval(), protocol=4), "unsafe", ["builtins.eval"])
write("popen_p3.pkl", pickle.dumps(RunsPopen(), protocol=3), "unsafe", ["subprocess.Popen"])
# a protocol 0 pickle behind a text extension: content decides, not the name
write("notes.txt", pickle.dumps(RunsSystem(), protocol=0), "unsafe", ["posix.system"])
# a pickle behind an image extension, starting with PROTO like any protocol 2+ pickle
write("picture.png", pickle.dumps(RunsPopen(), protocol=4), "unsafe", ["subprocess.Popen"])


def op_unicode(text):
    data = text.encode()
    return b"\x8c" + bytes([len(data)]) + data


# STACK_GLOBAL whose operands come from the memo, with decoy strings pushed and popped in between
memo_pickle = (
    b"\x80\x04"
    + op_unicode("builtins") + b"q\x00"  # BINPUT 0
    + op_unicode("eval") + b"q\x01"  # BINPUT 1
    + b"00"  # POP POP
    + op_unicode("collections") + op_unicode("OrderedDict") + b"00"  # decoys, popped
    + b"h\x00h\x01"  # BINGET 0, BINGET 1
    + b"\x93"  # STACK_GLOBAL
    + op_unicode("1+1") + b"\x85R."  # TUPLE1 REDUCE STOP
)
write("memo_stack_global.pkl", memo_pickle, "unsafe", ["builtins.eval"], "STACK_GLOBAL through the memo")

# STACK_GLOBAL with a module built at load time: the scanner cannot resolve it
unresolved = b"\x80\x04" + b"K\x01" + op_unicode("system") + b"\x93" + b")R."
write("unresolved_global.pkl", unresolved, "unsafe", ["<unresolved>.<unresolved>"])

# the copyreg extension registry: code 0x42 names a global chosen at run time
write("ext_code.pkl", b"\x80\x02\x82\x42)R.", "caution", ["copyreg._inverted_registry.code 66"])


# --- benign pickles and library look-alikes --------------------------------------------------------

state = OrderedDict([("layer.weight", [0.1, 0.2, 0.3]), ("layer.bias", [0.0]), ("names", {"a", "b"})])
write("state_dict.pkl", pickle.dumps(state, protocol=2), "safe", ["collections.OrderedDict"])
write("state_dict_p0.pkl", pickle.dumps(state, protocol=0), "safe", ["collections.OrderedDict"])
full = pickle.dumps(state, protocol=4)
write("truncated.pkl", full[: len(full) // 2], "suspicious", [], "cut in half")
write("trailing_garbage.pkl", full + b"\xff\xfe not a pickle", "suspicious", [])


class LogisticRegression:
    def __init__(self):
        self.coef_ = [0.5, -0.5]


fake_module("sklearn")
fake_module("sklearn.linear_model")
fake_module("sklearn.linear_model._logistic", LogisticRegression=LogisticRegression)
write("sklearn_model.pkl", pickle.dumps(LogisticRegression(), protocol=4), "caution",
      ["sklearn.linear_model._logistic.LogisticRegression"])


# --- torch checkpoints (zip layout written by hand) ------------------------------------------------


def rebuild_tensor_v2(*args):
    return None


class FloatStorage:
    pass


fake_module("torch", FloatStorage=FloatStorage)
fake_module("torch._utils", _rebuild_tensor_v2=rebuild_tensor_v2)


class FakeTensor:
    def __init__(self, key, numel):
        self.key = key
        self.numel = numel

    def __reduce_ex__(self, protocol):
        storage = ("storage", FloatStorage, self.key, "cpu", self.numel)
        return (rebuild_tensor_v2, (StorageRef(storage), 0, (self.numel,), (1,), False, OrderedDict()))


class StorageRef:
    def __init__(self, pid):
        self.pid = pid


class TorchPickler(pickle.Pickler):
    def persistent_id(self, obj):
        return obj.pid if isinstance(obj, StorageRef) else None


def torch_pickle(obj):
    buffer = io.BytesIO()
    TorchPickler(buffer, protocol=2).dump(obj)
    return buffer.getvalue()


TENSOR_BYTES = b"\x80\x02" + b"\x00" * 14  # storage bytes that happen to start like a pickle


def torch_zip(members, root="archive", compression=zipfile.ZIP_STORED, stream=False):
    buffer = io.BytesIO()
    target = NonSeekable(buffer) if stream else buffer
    with zipfile.ZipFile(target, "w", compression=compression) as archive:
        for name, data in members:
            archive.writestr(f"{root}/{name}", data)
    return buffer.getvalue()


class NonSeekable(io.RawIOBase):
    """A file zipfile cannot seek in: it writes data descriptors after each member."""

    def __init__(self, inner):
        self.inner = inner

    def writable(self):
        return True

    def write(self, data):
        return self.inner.write(data)

    def flush(self):
        pass


benign_state = OrderedDict([("fc.weight", FakeTensor("0", 4)), ("fc.bias", FakeTensor("1", 4))])
benign_members = [
    ("data.pkl", torch_pickle(benign_state)),
    ("data/0", TENSOR_BYTES),
    ("data/1", TENSOR_BYTES),
    ("version", b"3\n"),
    ("byteorder", b"little"),
]
torch_imports = ["collections.OrderedDict", "torch._utils._rebuild_tensor_v2", "torch.FloatStorage"]
write("pytorch_model.bin", torch_zip(benign_members), "safe", torch_imports, "benign torch.save zip")

evil_state = OrderedDict([("fc.weight", FakeTensor("0", 4)), ("hook", RunsSystem())])
evil_members = [
    ("data.pkl", torch_pickle(evil_state)),
    ("data/0", TENSOR_BYTES),
    ("extra/constants.pkl", pickle.dumps(RunsEval(), protocol=2)),
    ("version", b"3\n"),
]
evil_zip = torch_zip(evil_members)
write("evil_torch.pt", evil_zip, "unsafe", ["posix.system", "__builtin__.eval"], "two pickles in one archive")
write("evil_torch.safetensors", evil_zip, "unsafe", ["posix.system"], "a torch zip behind a safetensors name")
write("evil_deflated.bin", torch_zip(evil_members, compression=zipfile.ZIP_DEFLATED), "unsafe", ["posix.system"])
write("evil_descriptors.bin", torch_zip(evil_members, stream=True), "unsafe", ["posix.system"], "data descriptors")


def break_central_directory(data):
    at = data.rfind(b"PK\x01\x02")
    first = data.find(b"PK\x01\x02")
    broken = bytearray(data)
    for position in (first, at):
        broken[position : position + 4] = b"XXXX"
    end = broken.rfind(b"PK\x05\x06")
    broken[end : end + 4] = b"YYYY"
    return bytes(broken)


write("evil_broken_cd.bin", break_central_directory(evil_zip), "unsafe", ["posix.system"], "central directory destroyed")
write(
    "evil_descriptors_broken_cd.bin",
    break_central_directory(torch_zip(evil_members, stream=True)),
    "unsafe",
    ["posix.system"],
    "data descriptors and no central directory",
)
write("evil_prefixed.zip", b"#!/bin/sh\nexit 0\n" + evil_zip, "unsafe", ["posix.system"], "bytes before the archive")

# a zip named .bin holding a zip holding the pickle
inner = io.BytesIO()
with zipfile.ZipFile(inner, "w") as archive:
    archive.writestr("nested/evil.pkl", pickle.dumps(RunsPopen(), protocol=4))
    archive.writestr("nested/readme.txt", b"nothing to see")
outer = io.BytesIO()
with zipfile.ZipFile(outer, "w") as archive:
    archive.writestr("weights/model.zip", inner.getvalue())
    archive.writestr("weights/ok.pkl", pickle.dumps(state, protocol=2))
write("nested_zip.bin", outer.getvalue(), "unsafe", ["subprocess.Popen"], "a zip inside a zip named .bin")


# legacy torch.save (before 1.6): magic number, protocol, sys info, the state, storage keys, raw bytes
def legacy(first_pickle):
    parts = [
        first_pickle,
        pickle.dumps(1001, protocol=2),
        pickle.dumps({"protocol_version": 1001, "little_endian": True}, protocol=2),
        torch_pickle(benign_state),
        pickle.dumps(["0", "1"], protocol=2),
    ]
    return b"".join(parts) + struct.pack("<q", 4) + b"\x00" * 16 + struct.pack("<q", 4) + b"\xff" * 16


MAGIC = 0x1950A86A20F9469CFC6C
write("legacy_torch.pt", legacy(pickle.dumps(MAGIC, protocol=2)), "safe", torch_imports, "legacy torch.save")
# the magic number slot holds a payload instead: torch.load unpickles it before checking
write("legacy_magic_bypass.pt", legacy(pickle.dumps(RunsSystem(), protocol=2)), "unsafe", ["posix.system"])


# --- numpy .npy / .npz with object arrays (the .npy format written by hand) -------------------------


def reconstruct(*args):
    return None


class ndarray:
    def __init__(self, items):
        self.items = items

    def __reduce__(self):
        return (reconstruct, (ndarray, (0,), b"b"), (1, (len(self.items),), dtype(), False, self.items))


class dtype:
    def __reduce__(self):
        return (dtype, ("O8", False, True), (3, "|", None, None, None, -1, -1, 63))


fake_module("numpy", ndarray=ndarray, dtype=dtype)
fake_module("numpy.core")
fake_module("numpy.core.multiarray", _reconstruct=reconstruct)


def npy(descr, shape, payload):
    header = "{'descr': %r, 'fortran_order': False, 'shape': %r, }" % (descr, shape)
    header = header + " " * (63 - (len(header) + 10) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1") + payload


numpy_imports = ["numpy.core.multiarray._reconstruct", "numpy.ndarray", "numpy.dtype"]
write("objects.npy", npy("|O", (2,), pickle.dumps(ndarray([1, "two"]), protocol=3)), "safe", numpy_imports)
write(
    "objects_evil.npy",
    npy("|O", (2,), pickle.dumps(ndarray([1, RunsSystem()]), protocol=3)),
    "unsafe",
    ["posix.system"],
    "an object array holding a payload",
)
write("numbers.npy", npy("<f4", (4,), b"\x00" * 16), "safe", [])
npz = io.BytesIO()
with zipfile.ZipFile(npz, "w", compression=zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("numbers.npy", npy("<f4", (4,), b"\x00" * 16))
    archive.writestr("objects.npy", npy("|O", (2,), pickle.dumps(ndarray([RunsEval(), 2]), protocol=3)))
write("arrays.npz", npz.getvalue(), "unsafe", ["builtins.eval"], "savez_compressed with an object array")


# --- joblib (NumpyArrayWrapper followed by the array's raw bytes) ----------------------------------


class NumpyArrayWrapper:
    def __init__(self, shape, dt, items=None):
        self.subclass = ndarray
        self.shape = shape
        self.order = "C"
        self.dtype = dt
        self.allow_mmap = False
        self.numpy_array_alignment_bytes = 16


class FloatDtype:
    def __reduce__(self):
        return (dtype, ("f8", False, True), (3, "<", None, None, None, -1, -1, 0))


fake_module("joblib")
fake_module("joblib.numpy_pickle", NumpyArrayWrapper=NumpyArrayWrapper)


class RawArray:
    def __init__(self, values):
        self.values = values


class ObjectArray:
    def __init__(self, items):
        self.items = items


class JoblibPickler(pickle._Pickler):
    def __init__(self, file):
        super().__init__(file, protocol=4)
        self.file_handle = file

    def save(self, obj, save_persistent_id=True):
        if isinstance(obj, (RawArray, ObjectArray)):
            objects = isinstance(obj, ObjectArray)
            count = len(obj.items if objects else obj.values)
            wrapper = NumpyArrayWrapper((count,), dtype() if objects else FloatDtype())
            super().save(wrapper)
            self.framer.commit_frame(force=True)
            if objects:
                pickle.dump(ndarray(obj.items), self.file_handle, protocol=2)
            else:
                position = self.file_handle.tell() + 1
                padding = 16 - position % 16
                self.file_handle.write(bytes([padding]) + b"\xff" * padding)
                self.file_handle.write(struct.pack(f"<{count}d", *obj.values))
            return
        super().save(obj, save_persistent_id)


def joblib_dump(obj):
    buffer = io.BytesIO()
    JoblibPickler(buffer).dump(obj)
    return buffer.getvalue()


model = LogisticRegression()
model.coef_ = RawArray([0.5, -0.5, 0.25])
model.intercept_ = RawArray([1.0])
joblib_file = joblib_dump(model)
write("model.joblib", joblib_file, "caution", ["sklearn.linear_model._logistic.LogisticRegression"], "joblib arrays")
write("model.joblib.gz", gzip.compress(joblib_file), "caution", ["sklearn.linear_model._logistic.LogisticRegression"])
evil_model = LogisticRegression()
evil_model.classes_ = ObjectArray(["cat", RunsSystem()])
write("evil.joblib", joblib_dump(evil_model), "unsafe", ["posix.system"], "a payload inside a joblib object array")


# --- formats that are safe only when well-formed ----------------------------------------------------


def safetensors(tensors):
    header = json.dumps(tensors).encode()
    data_length = max([t["data_offsets"][1] for t in tensors.values() if "data_offsets" in t] + [0])
    return struct.pack("<Q", len(header)) + header + b"\x00" * data_length


good = {"__metadata__": {"format": "pt"}, "a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]},
        "b": {"dtype": "BF16", "shape": [4], "data_offsets": [16, 24]}}
write("model.safetensors", safetensors(good), "safe", [])
overlap = {"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]},
           "b": {"dtype": "F32", "shape": [4], "data_offsets": [8, 24]}}
write("overlap.safetensors", safetensors(overlap), "suspicious", [], "two tensors share bytes")
beyond = safetensors({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})[:-8]
write("beyond.safetensors", beyond, "suspicious", [], "a tensor ends past the file")


def gguf(tensor_type=0, dims=(8,), offset=0, data=32):
    def text(s):
        b = s.encode()
        return struct.pack("<Q", len(b)) + b

    body = b"GGUF" + struct.pack("<IQQ", 3, 1, 1)
    body += text("general.architecture") + struct.pack("<I", 8) + text("llama")
    body += text("t0") + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
    body += struct.pack("<IQ", tensor_type, offset)
    body += b"\x00" * (-len(body) % 32)
    return body + b"\x00" * data


write("model.gguf", gguf(), "safe", [])
write("beyond.gguf", gguf(dims=(64,)), "suspicious", [], "a tensor past the end of the file")


def varint(n):
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def onnx(location):
    entry = field(1, b"location") + field(2, location.encode())
    tensor = field(8, b"w") + field(13, entry) + varint(14 << 3) + varint(1)
    graph = field(2, b"g") + field(5, tensor)
    return varint(1 << 3) + varint(8) + field(7, graph)


write("model.onnx", onnx("weights/model.onnx.data"), "safe", [])
write("escape.onnx", onnx("../../../../etc/passwd"), "unsafe", [], "external data outside the repo")

with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
print(len(manifest))
