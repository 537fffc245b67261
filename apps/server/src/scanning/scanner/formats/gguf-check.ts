import { MalformedError, SequentialReader, TruncatedError, type ByteSource } from "../byte-source.js";
import type { FormatVerdict } from "./verdict.js";

export const GGUF_MAGIC = Buffer.from("GGUF", "latin1");

/** Bytes of each metadata value type of fixed size (uint8 … float64). */
const VALUE_BYTES = new Map<number, number>([
  [0, 1],
  [1, 1],
  [2, 2],
  [3, 2],
  [4, 4],
  [5, 4],
  [6, 4],
  [7, 1],
  [10, 8],
  [11, 8],
  [12, 8],
]);
const STRING = 8;
const ARRAY = 9;

/** ggml tensor types: [elements per block, bytes per block]. */
const TENSOR_TYPES = new Map<number, [number, number]>([
  [0, [1, 4]], // F32
  [1, [1, 2]], // F16
  [2, [32, 18]], // Q4_0
  [3, [32, 20]], // Q4_1
  [6, [32, 22]], // Q5_0
  [7, [32, 24]], // Q5_1
  [8, [32, 34]], // Q8_0
  [9, [32, 36]], // Q8_1
  [10, [256, 84]], // Q2_K
  [11, [256, 110]], // Q3_K
  [12, [256, 144]], // Q4_K
  [13, [256, 176]], // Q5_K
  [14, [256, 210]], // Q6_K
  [15, [256, 292]], // Q8_K
  [16, [256, 66]], // IQ2_XXS
  [17, [256, 74]], // IQ2_XS
  [18, [256, 98]], // IQ3_XXS
  [19, [256, 50]], // IQ1_S
  [20, [32, 18]], // IQ4_NL
  [21, [256, 110]], // IQ3_S
  [22, [256, 82]], // IQ2_S
  [23, [256, 136]], // IQ4_XS
  [24, [1, 1]], // I8
  [25, [1, 2]], // I16
  [26, [1, 4]], // I32
  [27, [1, 8]], // I64
  [28, [1, 8]], // F64
  [29, [256, 56]], // IQ1_M
  [30, [1, 2]], // BF16
  [34, [256, 54]], // TQ1_0
  [35, [256, 66]], // TQ2_0
  [39, [32, 17]], // MXFP4
]);

const MAX_DIMS = 4;
const MAX_STRING = 64 * 1024 * 1024;

/**
 * A GGUF file is safe only when its header holds together: magic and version, metadata entries of
 * known types, and a tensor table whose every tensor (up to four dimensions, a known type, a size that
 * is a whole number of blocks) lies inside the file after the aligned data section. Only the header
 * and the tensor table are read.
 */
export function checkGguf(source: ByteSource): FormatVerdict {
  const fail = (message: string): FormatVerdict => ({ format: "gguf", status: "suspicious", message });
  const reader = new SequentialReader(source);
  try {
    if (!reader.bytes(4).equals(GGUF_MAGIC)) return fail("no GGUF magic");
    const version = reader.u32();
    if (version < 1 || version > 3) return fail(`GGUF version ${version} is unknown`);
    const count = () => (version === 1 ? reader.u32() : reader.u64());
    const text = () => {
      const length = count();
      if (length > MAX_STRING) throw new MalformedError(`a ${length}-byte string`);
      return reader.bytes(length).toString("utf8");
    };
    const tensorCount = count();
    const entryCount = count();
    // every entry and tensor takes bytes: counts beyond the file size are lies
    if (tensorCount > source.size || entryCount > source.size)
      return fail(`${tensorCount} tensors and ${entryCount} metadata entries in ${source.size} bytes`);
    let alignment = 32;
    for (let i = 0; i < entryCount; i++) {
      const key = text();
      const type = reader.u32();
      if (key === "general.alignment" && type === 4) {
        alignment = reader.u32();
        if (alignment === 0 || (alignment & (alignment - 1)) !== 0)
          return fail(`general.alignment ${alignment} is not a power of two`);
        continue;
      }
      skipValue(reader, type, text, count, 0);
    }
    const tensors: { name: string; offset: number; bytes: number }[] = [];
    for (let i = 0; i < tensorCount; i++) {
      const name = text();
      const dims = reader.u32();
      if (dims < 1 || dims > MAX_DIMS) return fail(`tensor ${name} has ${dims} dimensions`);
      let elements = 1;
      const shape: number[] = [];
      for (let d = 0; d < dims; d++) {
        const n = reader.u64();
        shape.push(n);
        elements *= n;
      }
      const type = reader.u32();
      const offset = reader.u64();
      const layout = TENSOR_TYPES.get(type);
      if (!layout) return fail(`tensor ${name} has the unknown type ${type}`);
      const [block, blockBytes] = layout;
      if (shape[0] % block !== 0)
        return fail(`tensor ${name}'s first dimension is not a whole number of blocks`);
      const bytes = (elements / block) * blockBytes;
      if (!Number.isSafeInteger(bytes)) return fail(`tensor ${name} is larger than any file`);
      if (offset % alignment !== 0) return fail(`tensor ${name} starts at an unaligned offset ${offset}`);
      tensors.push({ name, offset, bytes });
    }
    const dataStart = Math.ceil(reader.position / alignment) * alignment;
    const dataLength = source.size - dataStart;
    tensors.sort((a, b) => a.offset - b.offset);
    for (let i = 0; i < tensors.length; i++) {
      const { name, offset, bytes } = tensors[i];
      if (offset + bytes > dataLength)
        return fail(`tensor ${name} ends past the file (bytes ${offset}–${offset + bytes} of ${dataLength})`);
      const previous = tensors[i - 1];
      if (previous && offset < previous.offset + previous.bytes && bytes > 0)
        return fail(`tensors ${previous.name} and ${name} overlap`);
    }
    return {
      format: "gguf",
      status: "safe",
      message: `GGUF v${version}, ${tensorCount} tensors within the file`,
    };
  } catch (error) {
    if (error instanceof TruncatedError) return fail("the header ends before its tensor table");
    if (error instanceof MalformedError) return fail(error.message);
    throw error;
  }
}

function skipValue(
  reader: SequentialReader,
  type: number,
  text: () => string,
  count: () => number,
  depth: number,
): void {
  const fixed = VALUE_BYTES.get(type);
  if (fixed !== undefined) {
    reader.skip(fixed);
    return;
  }
  if (type === STRING) {
    text();
    return;
  }
  if (type !== ARRAY || depth > 2) throw new MalformedError(`a metadata value of unknown type ${type}`);
  const itemType = reader.u32();
  const items = count();
  const itemBytes = VALUE_BYTES.get(itemType);
  if (itemBytes !== undefined) {
    if (items * itemBytes > reader.remaining()) throw new TruncatedError("an array longer than the file");
    reader.skip(items * itemBytes);
    return;
  }
  if (items > reader.remaining()) throw new TruncatedError("an array longer than the file");
  for (let i = 0; i < items; i++) skipValue(reader, itemType, text, count, depth + 1);
}
