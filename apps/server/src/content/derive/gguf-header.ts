import type { Readable } from "node:stream";
import { StreamReader } from "./stream-reader.js";

/** Value types of GGUF metadata entries (GGUF spec, version 2 and 3). */
const enum ValueType {
  Uint8 = 0,
  Int8 = 1,
  Uint16 = 2,
  Int16 = 3,
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
  Uint64 = 10,
  Int64 = 11,
  Float64 = 12,
}

const FIXED_SIZES: Partial<Record<number, number>> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};
const GGUF_MAGIC = 0x46554747; // "GGUF" read as little-endian u32
const MAX_STRING = 16 * 1024 * 1024;

export type GgufScalar = string | number | boolean | bigint;

export interface GgufHeader {
  version: number;
  tensorCount: number;
  /** Scalar and string entries; arrays are skipped except their length under `<key>.length`. */
  metadata: Map<string, GgufScalar>;
}

async function readString(reader: StreamReader): Promise<string> {
  const length = Number(await reader.u64());
  if (length > MAX_STRING) throw new Error("GGUF string too long");
  return (await reader.take(length)).toString("utf8");
}

async function readScalar(reader: StreamReader, type: number): Promise<GgufScalar> {
  if (type === ValueType.String) return readString(reader);
  const size = FIXED_SIZES[type];
  if (size === undefined) throw new Error(`unknown GGUF value type ${type}`);
  const bytes = await reader.take(size);
  switch (type) {
    case ValueType.Uint8:
      return bytes.readUInt8(0);
    case ValueType.Int8:
      return bytes.readInt8(0);
    case ValueType.Uint16:
      return bytes.readUInt16LE(0);
    case ValueType.Int16:
      return bytes.readInt16LE(0);
    case ValueType.Uint32:
      return bytes.readUInt32LE(0);
    case ValueType.Int32:
      return bytes.readInt32LE(0);
    case ValueType.Float32:
      return bytes.readFloatLE(0);
    case ValueType.Bool:
      return bytes.readUInt8(0) !== 0;
    case ValueType.Uint64:
      return bytes.readBigUInt64LE(0);
    case ValueType.Int64:
      return bytes.readBigInt64LE(0);
    default:
      return bytes.readDoubleLE(0);
  }
}

async function skipArray(reader: StreamReader, type: number, count: bigint): Promise<void> {
  const size = FIXED_SIZES[type];
  if (size !== undefined) {
    let remaining = count * BigInt(size);
    while (remaining > 0n) {
      const step = remaining > 1_048_576n ? 1_048_576 : Number(remaining);
      await reader.take(step);
      remaining -= BigInt(step);
    }
    return;
  }
  for (let i = 0n; i < count; i++) {
    if (type === ValueType.String) await reader.take(Number(await reader.u64()));
    else if (type === ValueType.Array) await skipArray(reader, await reader.u32(), await reader.u64());
    else throw new Error(`unknown GGUF array type ${type}`);
  }
}

/**
 * Reads the key/value header of a GGUF file from the start of `stream`, consuming at most `maxBytes`
 * (token vocabularies make headers several MB). Tensor infos and data are never read.
 */
export async function readGgufHeader(stream: Readable, maxBytes = 64 * 1024 * 1024): Promise<GgufHeader> {
  const reader = new StreamReader(stream, maxBytes);
  try {
    if ((await reader.u32()) !== GGUF_MAGIC) throw new Error("not a GGUF file (bad magic)");
    const version = await reader.u32();
    if (version < 2 || version > 3) throw new Error(`unsupported GGUF version ${version}`);
    const tensorCount = Number(await reader.u64());
    const kvCount = Number(await reader.u64());
    if (kvCount > 100_000) throw new Error("implausible GGUF metadata count");
    const metadata = new Map<string, GgufScalar>();
    for (let i = 0; i < kvCount; i++) {
      const key = await readString(reader);
      const type = await reader.u32();
      if (type === ValueType.Array) {
        const itemType = await reader.u32();
        const count = await reader.u64();
        metadata.set(`${key}.length`, Number(count));
        await skipArray(reader, itemType, count);
      } else metadata.set(key, await readScalar(reader, type));
    }
    return { version, tensorCount, metadata };
  } finally {
    await reader.close();
    stream.destroy();
  }
}
