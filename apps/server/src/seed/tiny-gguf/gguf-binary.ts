/**
 * A GGUF v3 writer with tensors: header, metadata, tensor infos, then the tensor data, each tensor
 * starting on a 32-byte boundary of the data section (the default `general.alignment`).
 */

/** A metadata value and the GGUF type it is written as. */
export type GgufMetaValue =
  | { type: "u32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "strings"; value: readonly string[] }
  | { type: "f32s"; value: readonly number[] }
  | { type: "i32s"; value: readonly number[] };

/** The one ggml tensor type this writer stores (the demo model is tiny, so no quantisation). */
export type GgmlTensorType = "F32";

export interface GgufTensor {
  name: string;
  /** ggml order: `dims[0]` is the innermost (contiguous) dimension. */
  dims: readonly number[];
  type: GgmlTensorType;
  /** Row-major in ggml order, `product(dims)` values. */
  values: Float32Array;
}

// GGUF value type codes and ggml tensor type codes (GGUF spec).
const VALUE = { i32: 5, u32: 4, f32: 6, bool: 7, string: 8, array: 9 } as const;
const TENSOR_TYPE: Record<GgmlTensorType, number> = { F32: 0 };
const BYTES_PER_VALUE: Record<GgmlTensorType, number> = { F32: 4 };
export const GGUF_ALIGNMENT = 32;

const encoder = new TextEncoder();

/** Appends little-endian values to a growing buffer. */
class Writer {
  private buffer = new Uint8Array(64 * 1024);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  /** Grows the buffer if needed (replacing `view`, so read it only after this returns). */
  private reserve(bytes: number): number {
    if (this.length + bytes > this.buffer.length) {
      const next = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
      next.set(this.buffer.subarray(0, this.length));
      this.buffer = next;
      this.view = new DataView(next.buffer);
    }
    const at = this.length;
    this.length += bytes;
    return at;
  }

  u8(n: number): void {
    const at = this.reserve(1);
    this.view.setUint8(at, n);
  }
  u32(n: number): void {
    const at = this.reserve(4);
    this.view.setUint32(at, n, true);
  }
  i32(n: number): void {
    const at = this.reserve(4);
    this.view.setInt32(at, n, true);
  }
  u64(n: number): void {
    const at = this.reserve(8);
    this.view.setBigUint64(at, BigInt(n), true);
  }
  f32(n: number): void {
    const at = this.reserve(4);
    this.view.setFloat32(at, n, true);
  }
  string(s: string): void {
    const bytes = encoder.encode(s);
    this.u64(bytes.length);
    const at = this.reserve(bytes.length);
    this.buffer.set(bytes, at);
  }
  padTo(alignment: number): void {
    this.reserve((alignment - (this.length % alignment)) % alignment);
  }
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

function writeValue(out: Writer, value: GgufMetaValue): void {
  switch (value.type) {
    case "u32":
      out.u32(VALUE.u32);
      return out.u32(value.value);
    case "f32":
      out.u32(VALUE.f32);
      return out.f32(value.value);
    case "bool":
      out.u32(VALUE.bool);
      return out.u8(value.value ? 1 : 0);
    case "string":
      out.u32(VALUE.string);
      return out.string(value.value);
    case "strings":
      writeArrayHeader(out, VALUE.string, value.value.length);
      for (const item of value.value) out.string(item);
      return;
    case "f32s":
      writeArrayHeader(out, VALUE.f32, value.value.length);
      for (const item of value.value) out.f32(item);
      return;
    case "i32s":
      writeArrayHeader(out, VALUE.i32, value.value.length);
      for (const item of value.value) out.i32(item);
  }
}

function writeArrayHeader(out: Writer, itemType: number, count: number): void {
  out.u32(VALUE.array);
  out.u32(itemType);
  out.u64(count);
}

function tensorBytes(tensor: GgufTensor): number {
  return tensor.dims.reduce((a, b) => a * b, 1) * BYTES_PER_VALUE[tensor.type];
}

function alignUp(n: number): number {
  return Math.ceil(n / GGUF_ALIGNMENT) * GGUF_ALIGNMENT;
}

/** The whole file. Throws when a tensor's value count does not match its dimensions. */
export function writeGgufFile(
  metadata: readonly [string, GgufMetaValue][],
  tensors: readonly GgufTensor[],
): Uint8Array {
  const out = new Writer();
  out.u32(0x46554747); // "GGUF" read as a little-endian u32
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    if (count !== tensor.values.length)
      throw new Error(
        `tensor ${tensor.name}: ${tensor.values.length} values for dims ${tensor.dims.join("x")}`,
      );
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(TENSOR_TYPE[tensor.type]);
    out.u64(offset);
    offset = alignUp(offset + tensorBytes(tensor));
  }
  out.padTo(GGUF_ALIGNMENT);
  for (const tensor of tensors) {
    for (const value of tensor.values) out.f32(value);
    out.padTo(GGUF_ALIGNMENT);
  }
  return out.bytes();
}
