import type { ByteSource } from "../byte-source.js";
import type { FormatVerdict } from "./verdict.js";

/** The largest header the safetensors library accepts. */
const MAX_HEADER = 100_000_000;

/** Bits per element of each dtype the format defines. */
const DTYPE_BITS = new Map<string, number>([
  ["BOOL", 8],
  ["U8", 8],
  ["I8", 8],
  ["F8_E5M2", 8],
  ["F8_E4M3", 8],
  ["F8_E8M0", 8],
  ["I16", 16],
  ["U16", 16],
  ["F16", 16],
  ["BF16", 16],
  ["I32", 32],
  ["U32", 32],
  ["F32", 32],
  ["C64", 64],
  ["F64", 64],
  ["I64", 64],
  ["U64", 64],
  ["F4", 4],
  ["F6_E2M3", 6],
  ["F6_E3M2", 6],
]);

/** Whether the bytes look like a safetensors file: a sane header length, then `{`. */
export function looksLikeSafetensors(head: Buffer, size: number): boolean {
  if (head.length < 9) return false;
  const length = head.readBigUInt64LE(0);
  return length >= 2n && length <= BigInt(Math.min(MAX_HEADER, size - 8)) && head[8] === 0x7b;
}

/**
 * A safetensors file is safe only when well-formed: a header length within the file, a JSON object
 * header, every tensor with a known dtype, a shape and `data_offsets` inside the data, sizes that match
 * the shape, and no two tensors sharing bytes. Only the header is read.
 */
export function checkSafetensors(source: ByteSource): FormatVerdict {
  const fail = (message: string): FormatVerdict => ({ format: "safetensors", status: "suspicious", message });
  const head = source.read(0, 8);
  if (head.length < 8) return fail("shorter than its 8-byte header length");
  const declared = head.readBigUInt64LE(0);
  if (declared > BigInt(MAX_HEADER))
    return fail(`a header length of ${declared} bytes (the limit is 100 MB)`);
  const length = Number(declared);
  if (8 + length > source.size) return fail(`a header of ${length} bytes in a file of ${source.size}`);
  const text = source.read(8, length).toString("utf8");
  let header: unknown;
  try {
    header = JSON.parse(text);
  } catch {
    return fail("a header that is not JSON");
  }
  if (typeof header !== "object" || header === null || Array.isArray(header))
    return fail("a header that is not a JSON object");
  const dataLength = source.size - 8 - length;
  const spans: { name: string; begin: number; end: number }[] = [];
  for (const [name, value] of Object.entries(header as Record<string, unknown>)) {
    if (name === "__metadata__") {
      if (
        typeof value !== "object" ||
        value === null ||
        Array.isArray(value) ||
        !Object.values(value).every((v) => typeof v === "string")
      )
        return fail("__metadata__ is not a map of strings");
      continue;
    }
    if (typeof value !== "object" || value === null) return fail(`tensor ${name} is not an object`);
    const { dtype, shape, data_offsets: offsets } = value as Record<string, unknown>;
    const bits = typeof dtype === "string" ? DTYPE_BITS.get(dtype) : undefined;
    if (bits === undefined) return fail(`tensor ${name} has an unknown dtype ${JSON.stringify(dtype)}`);
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && (d as number) >= 0))
      return fail(`tensor ${name} has no valid shape`);
    if (
      !Array.isArray(offsets) ||
      offsets.length !== 2 ||
      !offsets.every((o) => Number.isSafeInteger(o) && (o as number) >= 0)
    )
      return fail(`tensor ${name} has no valid data_offsets`);
    const [begin, end] = offsets as [number, number];
    if (begin > end || end > dataLength)
      return fail(`tensor ${name} spans bytes ${begin}–${end} of ${dataLength} bytes of data`);
    const elements = (shape as number[]).reduce((product, d) => product * d, 1);
    if (elements * bits !== (end - begin) * 8)
      return fail(
        `tensor ${name} holds ${end - begin} bytes, its shape and dtype need ${(elements * bits) / 8}`,
      );
    spans.push({ name, begin, end });
  }
  spans.sort((a, b) => a.begin - b.begin || a.end - b.end);
  for (let i = 1; i < spans.length; i++) {
    const previous = spans[i - 1];
    if (spans[i].begin < previous.end && spans[i].end > spans[i].begin)
      return fail(`tensors ${previous.name} and ${spans[i].name} overlap`);
  }
  return { format: "safetensors", status: "safe", message: `${spans.length} tensors, header well-formed` };
}
