import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";

export interface FileDigests {
  size: number;
  sha256: string;
  /** git blob id: sha1 of `blob <size>\0<content>` */
  gitSha1: string;
}

/** Both digests a file can be compared by: sha256 (LFS objects) and the git blob sha1 (regular files). */
export class DualHasher {
  private readonly sha256 = createHash("sha256");
  private readonly sha1: Hash;

  constructor(readonly size: number) {
    this.sha1 = createHash("sha1").update(`blob ${size}\0`);
  }

  update(chunk: Uint8Array): void {
    this.sha256.update(chunk);
    this.sha1.update(chunk);
  }

  digest(): FileDigests {
    return { size: this.size, sha256: this.sha256.digest("hex"), gitSha1: this.sha1.digest("hex") };
  }
}

/**
 * Feeds the first `length` bytes of a file to `hasher`, reading in chunks (never the whole file), and
 * reports progress. Used for whole files and for the already-downloaded prefix of a resumed download.
 */
export async function hashFilePrefix(
  file: string,
  length: number,
  hasher: DualHasher,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (length === 0) return;
  const stream = fs.createReadStream(file, { start: 0, end: length - 1, highWaterMark: 1024 * 1024, signal });
  let done = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hasher.update(chunk);
    done += chunk.length;
    onProgress?.(done);
  }
  if (done !== length) throw new Error(`${file} changed while it was being read`);
}

export async function hashFile(
  file: string,
  size: number,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<FileDigests> {
  const hasher = new DualHasher(size);
  await hashFilePrefix(file, size, hasher, onProgress, signal);
  return hasher.digest();
}
