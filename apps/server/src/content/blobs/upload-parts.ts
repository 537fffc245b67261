import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A part that arrived longer or shorter than its place in the object says it must be. */
export class PartSizeError extends Error {}

/** Where the parts of one object being uploaded in pieces wait until the client completes it. */
export interface PartKey {
  /** Repo the object is uploaded to (`type:id`); parts of different repos never mix. */
  repo: string;
  oid: string;
}

/**
 * Parts of multipart LFS uploads, stored as files until completion concatenates them into the blob
 * store. Each part is written to a temporary name and renamed into place, so a retried or parallel
 * upload of the same part never leaves a torn file; its ETag (MD5 of its bytes) sits beside it.
 */
export class UploadParts {
  constructor(private readonly root: string) {}

  private dirOf(key: PartKey): string {
    return join(this.root, createHash("sha256").update(key.repo).digest("hex").slice(0, 32), key.oid);
  }

  async write(key: PartKey, part: number, expectedLength: number, body: Readable): Promise<string> {
    const dir = this.dirOf(key);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `${part}.${randomBytes(6).toString("hex")}.tmp`);
    const md5 = createHash("md5");
    let length = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        length += chunk.length;
        if (length > expectedLength)
          return done(new PartSizeError(`Part ${part} is longer than ${expectedLength} bytes`));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    const sink = createWriteStream(temp);
    // pipeline reports the sink's errors; this keeps a late one (a write finishing after the
    // pipeline tore the sink down) from becoming an uncaught exception.
    sink.on("error", () => undefined);
    try {
      await pipeline(body, counter, sink);
      if (length !== expectedLength)
        throw new PartSizeError(`Part ${part} has ${length} bytes; it must have ${expectedLength}`);
      const etag = `"${md5.digest("hex")}"`;
      await writeFile(join(dir, `${part}.etag`), etag);
      await rename(temp, join(dir, String(part)));
      return etag;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** The ETag of a stored part, or undefined while it has not arrived (what a resuming client asks). */
  async etagOf(key: PartKey, part: number): Promise<string | undefined> {
    const dir = this.dirOf(key);
    try {
      await stat(join(dir, String(part)));
      return (await readFile(join(dir, `${part}.etag`), "utf8")).trim();
    } catch {
      return undefined;
    }
  }

  /** The parts 1…count in order as one stream (the caller verifies the whole object's hash). */
  concatenated(key: PartKey, count: number): Readable {
    const dir = this.dirOf(key);
    const out = new PassThrough();
    void (async () => {
      for (let part = 1; part <= count; part++) {
        await pipeline(createReadStream(join(dir, String(part))), out, { end: false });
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async remove(key: PartKey): Promise<void> {
    await rm(this.dirOf(key), { recursive: true, force: true });
  }

  /** Drops uploads nobody completed within `maxAgeMs` (called when new uploads start). */
  async sweep(maxAgeMs: number): Promise<void> {
    const now = Date.now();
    let repos: string[];
    try {
      repos = await readdir(this.root);
    } catch {
      return;
    }
    for (const repo of repos) {
      for (const oid of await readdir(join(this.root, repo)).catch(() => [] as string[])) {
        const dir = join(this.root, repo, oid);
        const info = await stat(dir).catch(() => undefined);
        if (info && now - info.mtimeMs > maxAgeMs) await rm(dir, { recursive: true, force: true });
      }
    }
  }
}
