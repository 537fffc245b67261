import { randomBytes } from "node:crypto";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { type BlobStore, type ByteRange, isSha256 } from "./blob-store.js";
import { FileRangeStream } from "./file-range-stream.js";
import { writeVerifiedFile } from "./verified-file-write.js";

/** Local-folder driver: objects at `ab/cd/rest-of-oid`, written to `tmp/` first and renamed once verified. */
export class FsBlobStore implements BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = join(root, "tmp");
  }

  /**
   * Creates the folders and drops temp files left by an interrupted upload (unless `dropTemp` is false:
   * replicas share the folder, another one may be writing there; gc sweeps old temp files).
   */
  async init(dropTemp = true): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    if (!dropTemp) return;
    for (const name of await readdir(this.tmpDir)) await rm(join(this.tmpDir, name), { force: true });
  }

  /** The folder takes a new temp file. */
  async checkReachable(): Promise<void> {
    const probe = join(this.tmpDir, `.ready-${randomBytes(6).toString("hex")}`);
    try {
      const file = await open(probe, "wx");
      await file.close();
    } finally {
      await rm(probe, { force: true });
    }
  }

  objectPath(oid: string): string {
    if (!isSha256(oid)) throw new Error(`Not a sha256 oid: ${oid}`);
    return join(this.root, oid.slice(0, 2), oid.slice(2, 4), oid.slice(4));
  }

  async stat(oid: string): Promise<number | undefined> {
    try {
      return (await stat(this.objectPath(oid))).size;
    } catch {
      return undefined;
    }
  }

  async put(oid: string, size: number, body: Readable): Promise<void> {
    const target = this.objectPath(oid);
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${oid}.${randomBytes(6).toString("hex")}`);
    let file: FileHandle | undefined;
    try {
      file = await open(tmp, "wx");
      await writeVerifiedFile(body, file, oid, size);
      // one flush at the end, only for content that verified
      await file.datasync();
      await file.close();
      file = undefined;
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (error) {
      body.destroy();
      await file?.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async open(oid: string, range?: ByteRange): Promise<Readable> {
    return FileRangeStream.open(this.objectPath(oid), range);
  }

  /** The file's mtime: written when stored, moved forward by `touch`. */
  async lastUsedMs(oid: string): Promise<number | undefined> {
    return (await stat(this.objectPath(oid)).catch(() => undefined))?.mtimeMs;
  }

  async touch(oid: string): Promise<void> {
    const now = new Date();
    await utimes(this.objectPath(oid), now, now).catch(() => undefined);
  }

  async delete(oid: string): Promise<void> {
    await rm(this.objectPath(oid), { force: true });
  }
}
