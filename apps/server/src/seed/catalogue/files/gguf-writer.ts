import { concatBytes } from "./bytes.js";

/** A metadata value and the GGUF type it is written as. */
export type GgufValue =
  | { kind: "u32"; value: number }
  | { kind: "u64"; value: bigint }
  | { kind: "f32"; value: number }
  | { kind: "bool"; value: boolean }
  | { kind: "string"; value: string }
  | { kind: "strings"; value: string[] };

const TYPE_CODE = { u32: 4, f32: 6, bool: 7, string: 8, array: 9, u64: 10 } as const;
const ALIGNMENT = 32;
const encoder = new TextEncoder();

class ByteSink {
  private parts: Uint8Array[] = [];
  private length = 0;

  push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  u32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    this.push(b);
  }

  u64(n: bigint): void {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, n, true);
    this.push(b);
  }

  f32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, n, true);
    this.push(b);
  }

  text(s: string): void {
    const bytes = encoder.encode(s);
    this.u64(BigInt(bytes.length));
    this.push(bytes);
  }

  size(): number {
    return this.length;
  }

  bytes(): Uint8Array {
    return concatBytes(this.parts);
  }
}

function writeValue(sink: ByteSink, value: GgufValue): void {
  switch (value.kind) {
    case "u32":
      sink.u32(TYPE_CODE.u32);
      sink.u32(value.value);
      return;
    case "u64":
      sink.u32(TYPE_CODE.u64);
      sink.u64(value.value);
      return;
    case "f32":
      sink.u32(TYPE_CODE.f32);
      sink.f32(value.value);
      return;
    case "bool":
      sink.u32(TYPE_CODE.bool);
      sink.push(new Uint8Array([value.value ? 1 : 0]));
      return;
    case "string":
      sink.u32(TYPE_CODE.string);
      sink.text(value.value);
      return;
    case "strings":
      sink.u32(TYPE_CODE.array);
      sink.u32(TYPE_CODE.string);
      sink.u64(BigInt(value.value.length));
      for (const item of value.value) sink.text(item);
  }
}

/**
 * Writes a GGUF v3 file with the given metadata and no tensors: magic, version, tensor count 0,
 * the key/value section, then zero padding up to the alignment boundary plus `tailBytes` of
 * padding so the file has a plausible (small) size.
 */
export function writeGguf(metadata: [string, GgufValue][], tailBytes = 1024): Uint8Array {
  const sink = new ByteSink();
  sink.push(encoder.encode("GGUF"));
  sink.u32(3);
  sink.u64(0n);
  sink.u64(BigInt(metadata.length));
  for (const [key, value] of metadata) {
    sink.text(key);
    writeValue(sink, value);
  }
  const pad = (ALIGNMENT - (sink.size() % ALIGNMENT)) % ALIGNMENT;
  sink.push(new Uint8Array(pad + tailBytes));
  return sink.bytes();
}
