import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "./blob-store.js";
import { verifyingTransform } from "./verifying-transform.js";

/**
 * Local copies of objects of a remote store (S3) for in-process readers that need a file path
 * (llama.cpp loads GGUF files by path). A copy is written to a temporary name, checked against its
 * sha256 and size while it streams, renamed into place, and reused while its size matches. The
 * least recently used copies go once the folder holds more than `maxBytes`; a reader that already
 * opened a copy keeps its bytes (POSIX unlink semantics).
 */
export class LocalBlobCache {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly store: BlobStore,
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** Where the copy of `oid` lives (it may not be fetched yet). */
  pathOf(oid: string): string {
    return join(this.dir, oid);
  }

  /** The path of a verified local copy of `oid`, fetched from the store when missing. */
  fetch(oid: string, size: number): Promise<string> {
    let pending = this.inFlight.get(oid);
    if (!pending) {
      pending = this.fetchOnce(oid, size).finally(() => this.inFlight.delete(oid));
      this.inFlight.set(oid, pending);
    }
    return pending;
  }

  private async fetchOnce(oid: string, size: number): Promise<string> {
    const target = this.pathOf(oid);
    const existing = await stat(target).catch(() => undefined);
    if (existing?.size === size) {
      const now = new Date();
      await utimes(target, now, now).catch(() => undefined);
      return target;
    }
    await mkdir(this.dir, { recursive: true });
    const partial = join(this.dir, `.${oid}.${randomBytes(6).toString("hex")}.part`);
    try {
      await pipeline(await this.store.open(oid), verifyingTransform(oid, size), createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await this.evictBeyondLimit(oid);
    return target;
  }

  /** Drops the least recently used finished copies (never `keep`) until the folder fits `maxBytes`. */
  private async evictBeyondLimit(keep: string): Promise<void> {
    const copies: { name: string; size: number; usedMs: number }[] = [];
    for (const name of await readdir(this.dir)) {
      if (name.startsWith(".")) continue;
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info?.isFile()) copies.push({ name, size: info.size, usedMs: info.mtimeMs });
    }
    let total = copies.reduce((sum, copy) => sum + copy.size, 0);
    copies.sort((a, b) => a.usedMs - b.usedMs);
    for (const copy of copies) {
      if (total <= this.maxBytes) break;
      if (copy.name === keep) continue;
      await rm(join(this.dir, copy.name), { force: true });
      total -= copy.size;
    }
  }
}
