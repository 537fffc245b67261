import type { Readable } from "node:stream";
import { StreamReader } from "./stream-reader.js";

/** Headers past this size are not read (real ones are kilobytes; the format's own cap is 100 MB). */
export const MAX_SAFETENSORS_HEADER = 32 * 1024 * 1024;

/** Parameter count per dtype declared by one safetensors header. */
export type DtypeCounts = Record<string, number>;

function tensorSize(name: string, shape: unknown): number {
  if (!Array.isArray(shape)) throw new Error(`tensor "${name}" has no shape`);
  let count = 1;
  for (const dim of shape) {
    if (typeof dim !== "number" || !Number.isSafeInteger(dim) || dim < 0)
      throw new Error(`tensor "${name}" has an invalid dimension`);
    count *= dim;
  }
  if (!Number.isSafeInteger(count)) throw new Error(`tensor "${name}" is too large to count`);
  return count;
}

/**
 * Reads the JSON header at the start of a safetensors file (u64 little-endian length, then JSON) and
 * counts the parameters of each dtype. Reads only the header bytes; throws on anything malformed.
 */
export async function readSafetensorsCounts(stream: Readable): Promise<DtypeCounts> {
  const reader = new StreamReader(stream, 8 + MAX_SAFETENSORS_HEADER);
  try {
    const length = await reader.u64();
    if (length === 0n) throw new Error("empty header");
    if (length > BigInt(MAX_SAFETENSORS_HEADER))
      throw new Error(`header of ${length} bytes is larger than ${MAX_SAFETENSORS_HEADER}`);
    const text = (await reader.take(Number(length))).toString("utf8");
    let header: unknown;
    try {
      header = JSON.parse(text);
    } catch {
      throw new Error("header is not valid JSON");
    }
    if (typeof header !== "object" || header === null || Array.isArray(header))
      throw new Error("header is not a JSON object");
    const counts: DtypeCounts = {};
    for (const [name, tensor] of Object.entries(header)) {
      if (name === "__metadata__") continue;
      if (typeof tensor !== "object" || tensor === null) throw new Error(`tensor "${name}" is not an object`);
      const { dtype, shape } = tensor as { dtype?: unknown; shape?: unknown };
      if (typeof dtype !== "string" || !/^[A-Z0-9_]{1,16}$/.test(dtype))
        throw new Error(`tensor "${name}" has an invalid dtype`);
      counts[dtype] = (counts[dtype] ?? 0) + tensorSize(name, shape);
    }
    return counts;
  } finally {
    await reader.close();
    stream.destroy();
  }
}
