import { concatBytes, pseudoRandomBytes } from "./bytes.js";

/**
 * A tiny but valid safetensors file: an 8-byte little-endian header length, a JSON header naming one
 * F16 tensor, then that tensor's bytes. Loaders can open it; it just holds no useful weights.
 */
export function tinySafetensors(label: string, rows = 32, cols = 32): Uint8Array {
  const byteLength = rows * cols * 2;
  const header = {
    __metadata__: { format: "pt", note: "ModelHub demo placeholder" },
    "placeholder.weight": { dtype: "F16", shape: [rows, cols], data_offsets: [0, byteLength] },
  };
  let text = JSON.stringify(header);
  while ((8 + text.length) % 8 !== 0) text += " ";
  const headerBytes = new TextEncoder().encode(text);
  const length = new Uint8Array(8);
  new DataView(length.buffer).setBigUint64(0, BigInt(headerBytes.length), true);
  return concatBytes([length, headerBytes, pseudoRandomBytes(label, byteLength)]);
}
