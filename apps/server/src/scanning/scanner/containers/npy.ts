import { MalformedError, type ByteSource } from "../byte-source.js";

export const NPY_MAGIC = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]);

export interface NpyHeader {
  /** Where the array's data (or, for object arrays, its pickle) starts. */
  dataStart: number;
  descr: string;
  /** The array holds Python objects: its data is a pickle that `np.load(allow_pickle=True)` runs. */
  holdsObjects: boolean;
}

/**
 * The header of a `.npy` file: magic, version, a little-endian header length (2 bytes in version 1,
 * 4 in versions 2 and 3) and a Python dict literal naming `descr`, `fortran_order` and `shape`.
 */
export function readNpyHeader(source: ByteSource): NpyHeader {
  const head = source.read(0, 12);
  if (head.length < 10 || !head.subarray(0, 6).equals(NPY_MAGIC))
    throw new MalformedError("not an .npy file");
  const major = head[6];
  let length: number;
  let start: number;
  if (major === 1) {
    length = head.readUInt16LE(8);
    start = 10;
  } else if (major === 2 || major === 3) {
    if (head.length < 12) throw new MalformedError("an .npy header cut short");
    length = head.readUInt32LE(8);
    start = 12;
  } else throw new MalformedError(`.npy format version ${major} is unknown`);
  if (length > 16 * 1024 * 1024) throw new MalformedError("an .npy header over 16 MiB");
  const text = source.read(start, length).toString(major === 3 ? "utf8" : "latin1");
  if (text.length < length) throw new MalformedError("an .npy header cut short");
  const descr = /['"]descr['"]\s*:\s*(\[.*\]|'[^']*'|"[^"]*")/s.exec(text)?.[1];
  if (!descr || !/['"]shape['"]\s*:/.test(text))
    throw new MalformedError("an .npy header without descr or shape");
  // an object field: `|O`, `O8`, or `'O'` inside a structured description
  const holdsObjects = /['"][<>|=]?O\d*['"]/.test(descr);
  return { dataStart: start + length, descr, holdsObjects };
}
