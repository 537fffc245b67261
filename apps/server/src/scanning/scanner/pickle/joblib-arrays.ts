import { MalformedError } from "../byte-source.js";
import { asInteger, dictGet, isGlobal, type PickleValue } from "./values.js";

/** What follows a joblib array wrapper in the file: raw bytes to skip, or a nested pickle. */
export type JoblibArrayLayout = { kind: "raw"; bytes: number; aligned: boolean } | { kind: "pickle" };

const WRAPPER_MODULE = /(^|\.)numpy_pickle$/;

/**
 * joblib's `NumpyArrayWrapper` carries the array's dtype and shape in its state; the unpickler then
 * reads the array's bytes from the file (after a padding byte and padding, when the state names an
 * alignment), or, for arrays of Python objects, unpickles a second pickle written in place.
 */
export function joblibArrayLayout(target: PickleValue & { kind: "object" }): JoblibArrayLayout | undefined {
  if (!isGlobal(target.callable, WRAPPER_MODULE, "NumpyArrayWrapper")) return undefined;
  const state = target.state;
  const dtype = dictGet(state, "dtype");
  const shape = dictGet(state, "shape");
  const itemsize = dtypeItemSize(dtype);
  if (itemsize === "object") return { kind: "pickle" };
  if (itemsize === undefined) throw new MalformedError("a joblib array whose dtype the scanner cannot read");
  if (shape?.kind !== "tuple") throw new MalformedError("a joblib array whose shape the scanner cannot read");
  let count = 1;
  for (const dim of shape.items) {
    const n = asInteger(dim);
    if (n === undefined) throw new MalformedError("a joblib array with a dimension that is not a size");
    count *= n;
  }
  const alignment = dictGet(state, "numpy_array_alignment_bytes");
  const bytes = count * itemsize;
  if (!Number.isSafeInteger(bytes)) throw new MalformedError("a joblib array larger than any file");
  return { kind: "raw", bytes, aligned: alignment !== undefined && alignment.kind !== "none" };
}

const ITEM_KIND = /^[<>|=]?([?bBhHiIlLqQpPefdgFDGSUVOMmua])(\d*)/;

/**
 * Item size of a pickled `numpy.dtype(...)`: its first argument is the type string (`f8`, `<U5`, `O8`,
 * `V24`); structured dtypes carry their size and an "has objects" flag in the BUILD state.
 */
function dtypeItemSize(dtype: PickleValue | undefined): number | "object" | undefined {
  if (dtype?.kind !== "object" || !isGlobal(dtype.callable, /^numpy$/, "dtype")) return undefined;
  const args = dtype.args?.kind === "tuple" ? dtype.args.items : [];
  const spec = args[0]?.kind === "str" ? args[0].value : undefined;
  if (spec === undefined) return undefined;
  const state = dtype.state?.kind === "tuple" ? dtype.state.items : [];
  const flags = asInteger(state[7]);
  if (flags !== undefined && (flags & 1) === 1) return "object";
  const match = ITEM_KIND.exec(spec);
  if (!match) return undefined;
  const [, kind, digits] = match;
  if (kind === "O") return "object";
  // flexible and structured types state their size in bytes (-1 for the fixed-size ones)
  const elsize = asInteger(state[5]);
  if (elsize !== undefined && elsize > 0) return elsize;
  const declared = digits === "" ? undefined : Number(digits);
  if (kind === "U") return (declared ?? 0) * 4;
  if (kind === "S" || kind === "a") return declared ?? 0;
  if (declared !== undefined) return declared;
  return FIXED_SIZES.get(kind);
}

/** Item sizes of the one-letter codes without a number (`?`, `d`, `q` …), as on 64-bit Linux. */
const FIXED_SIZES = new Map<string, number>([
  ["?", 1],
  ["b", 1],
  ["B", 1],
  ["h", 2],
  ["H", 2],
  ["i", 4],
  ["I", 4],
  ["l", 8],
  ["L", 8],
  ["q", 8],
  ["Q", 8],
  ["p", 8],
  ["P", 8],
  ["e", 2],
  ["f", 4],
  ["d", 8],
  ["g", 16],
  ["F", 8],
  ["D", 16],
  ["G", 32],
]);
