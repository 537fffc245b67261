import { randomBytes } from "node:crypto";
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { constants as zlibConstants, deflate, deflateSync, inflate, inflateSync } from "node:zlib";
import {
  type ObjectHeader,
  type ObjectKind,
  frameObject,
  objectIdOf,
  parseObjectHeader,
} from "./object-codec.js";

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);
const OBJECT_ID = /^[0-9a-f]{40}$/;
/** git's default for loose objects (core.looseCompression unset): best speed. */
const LOOSE_COMPRESSION = 1;
const HEADER_PROBE_BYTES = 512;
/**
 * Objects up to this size are compressed and written inline: for small files a few direct system
 * calls cost less than round trips through the thread pool, and they block for microseconds only.
 */
const INLINE_BYTES = 64 * 1024;
/** Temp names are unique per process run, so a leftover from a crashed run never collides. */
const TEMP_PREFIX = `tmp_obj_${process.pid}_${randomBytes(4).toString("hex")}_`;
let tempCounter = 0;

export interface LooseObject {
  kind: string;
  body: Buffer;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * The loose half of a repository's object database (`objects/ab/cdef…`, zlib-deflated), read and
 * written without spawning git. Objects that live in packs (after a push or gc) are not visible here:
 * readers return undefined and callers fall back to the git CLI.
 */
export class LooseObjects {
  readonly objectsDir: string;
  /** Commits this instance wrote: known to exist without looking again. */
  private readonly writtenCommits = new Set<string>();

  constructor(gitDir: string) {
    this.objectsDir = join(gitDir, "objects");
  }

  pathOf(oid: string): string {
    return join(this.objectsDir, oid.slice(0, 2), oid.slice(2));
  }

  /**
   * Stores an object and returns its id. Like git: an existing copy is only touched (so a concurrent
   * prune's grace period restarts); new bytes go to a `tmp_obj_*` file in the target folder that is
   * renamed into place, so a crash never leaves a truncated object under its real name (git's prune
   * removes such leftovers).
   */
  async write(kind: ObjectKind, body: Buffer): Promise<string> {
    const framed = frameObject(kind, body);
    const oid = objectIdOf(framed);
    await this.store(oid, framed);
    if (kind === "commit") this.writtenCommits.add(oid);
    return oid;
  }

  private async store(oid: string, framed: Buffer): Promise<void> {
    const target = this.pathOf(oid);
    if (this.freshen(target)) return;
    const folder = join(this.objectsDir, oid.slice(0, 2));
    const temp = join(folder, `${TEMP_PREFIX}${(tempCounter++).toString(36)}`);
    if (framed.length <= INLINE_BYTES) {
      const compressed = deflateSync(framed, { level: LOOSE_COMPRESSION });
      try {
        try {
          writeFileSync(temp, compressed, { flag: "wx", mode: 0o444 });
        } catch (error) {
          if (errorCode(error) !== "ENOENT") throw error;
          mkdirSync(folder, { recursive: true });
          writeFileSync(temp, compressed, { flag: "wx", mode: 0o444 });
        }
        renameSync(temp, target);
      } catch (error) {
        removeQuietly(temp);
        throw error;
      }
      return;
    }
    const compressed = await deflateAsync(framed, { level: LOOSE_COMPRESSION });
    try {
      await writeFile(temp, compressed, { flag: "wx", mode: 0o444 }).catch(async (error: unknown) => {
        if (errorCode(error) !== "ENOENT") throw error;
        await mkdir(folder, { recursive: true });
        await writeFile(temp, compressed, { flag: "wx", mode: 0o444 });
      });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private freshen(path: string): boolean {
    try {
      const now = new Date();
      utimesSync(path, now, now);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether `oid` is known to be a loose commit (written here, or its header says so). */
  async isCommit(oid: string): Promise<boolean | undefined> {
    if (this.writtenCommits.has(oid)) return true;
    const header = await this.readHeader(oid);
    return header && header.kind === "commit";
  }

  /** The whole object, or undefined when it is not stored loose. */
  async read(oid: string): Promise<LooseObject | undefined> {
    if (!OBJECT_ID.test(oid)) return undefined;
    const path = this.pathOf(oid);
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch (error) {
      if (errorCode(error) === "ENOENT") return undefined;
      throw error;
    }
    let framed: Buffer;
    try {
      const size = fstatSync(fd).size;
      if (size > INLINE_BYTES) {
        closeSync(fd);
        fd = -1;
        framed = await inflateAsync(await readFile(path));
      } else {
        const compressed = Buffer.allocUnsafe(size);
        let filled = 0;
        while (filled < size) {
          const got = readSync(fd, compressed, filled, size - filled, filled);
          if (got === 0) break;
          filled += got;
        }
        framed = inflateSync(compressed.subarray(0, filled));
      }
    } finally {
      if (fd !== -1) closeSync(fd);
    }
    const header = parseObjectHeader(framed);
    if (!header || framed.length - header.bodyStart !== header.size)
      throw new Error(`corrupt loose object ${oid}`);
    return { kind: header.kind, body: framed.subarray(header.bodyStart) };
  }

  /** Kind and size from the first compressed bytes only; undefined when not stored loose. */
  async readHeader(oid: string): Promise<ObjectHeader | undefined> {
    if (!OBJECT_ID.test(oid)) return undefined;
    let fd: number;
    try {
      fd = openSync(this.pathOf(oid), "r");
    } catch {
      return undefined;
    }
    try {
      const probe = Buffer.alloc(HEADER_PROBE_BYTES);
      const got = readSync(fd, probe, 0, HEADER_PROBE_BYTES, 0);
      const partial = inflateSync(probe.subarray(0, got), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
      const header = parseObjectHeader(partial);
      if (header) return header;
    } finally {
      closeSync(fd);
    }
    const whole = await this.read(oid);
    return whole && { kind: whole.kind, size: whole.body.length, bodyStart: 0 };
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
