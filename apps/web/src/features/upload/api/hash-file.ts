import { createSHA256 } from "hash-wasm";

const SLICE_BYTES = 8 * 1024 * 1024;

/**
 * SHA-256 of a file read in slices, so a multi-gigabyte shard never sits in memory. WebAssembly works
 * on any origin; WebCrypto's digest exists only on secure ones (https, localhost).
 */
export async function sha256OfFile(file: Blob, onProgress: (hashed: number) => void): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < file.size; start += SLICE_BYTES) {
    const slice = new Uint8Array(await file.slice(start, start + SLICE_BYTES).arrayBuffer());
    hasher.update(slice);
    onProgress(Math.min(file.size, start + SLICE_BYTES));
  }
  return hasher.digest("hex");
}
