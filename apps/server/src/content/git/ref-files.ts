import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LooseObjects } from "./loose-objects.js";

const OBJECT_ID = /^[0-9a-f]{40}$/;
const LOOSE_REF = /^([0-9a-f]{40})\n?$/;
/** Ref names the in-process path takes; anything else goes to `git update-ref`, which judges it. */
const SIMPLE_REF = /^refs\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const LOCK_ATTEMPTS = 6;
const LOCK_RETRY_MS = 20;

export type RefRead = { state: "found"; oid: string } | { state: "absent" } | { state: "unknown" };

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function isSimpleRef(ref: string): boolean {
  return (
    SIMPLE_REF.test(ref) && !ref.includes("..") && !ref.split("/").some((part) => /(?:\.|\.lock)$/.test(part))
  );
}

/**
 * Reads a ref as git does: the loose file wins, else packed-refs. "unknown" means let git decide
 * (symbolic refs, odd names, unreadable files). The files are tiny, so this reads them inline.
 */
export function readRef(gitDir: string, ref: string): RefRead {
  if (!isSimpleRef(ref)) return { state: "unknown" };
  let loose: string;
  try {
    loose = readFileSync(join(gitDir, ref), "latin1");
  } catch (error) {
    const code = errorCode(error);
    // no loose file (a name too long for one cannot be a loose ref either): packed-refs decides
    return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG"
      ? readPackedRef(gitDir, ref)
      : { state: "unknown" };
  }
  const match = LOOSE_REF.exec(loose);
  return match ? { state: "found", oid: match[1] } : { state: "unknown" };
}

function readPackedRef(gitDir: string, ref: string): RefRead {
  let packed: string;
  try {
    packed = readFileSync(join(gitDir, "packed-refs"), "latin1");
  } catch (error) {
    return errorCode(error) === "ENOENT" ? { state: "absent" } : { state: "unknown" };
  }
  for (const line of packed.split("\n")) {
    if (line.length < 42 || line.startsWith("#") || line.startsWith("^")) continue;
    if (line.slice(41) === ref && OBJECT_ID.test(line.slice(0, 40)))
      return { state: "found", oid: line.slice(0, 40) };
  }
  return { state: "absent" };
}

export type SwapOutcome = "moved" | "stale" | "locked" | "declined";

/**
 * Compare-and-swap of a ref with git's own lock protocol, so it excludes `git update-ref` and
 * receive-pack: create `<ref>.lock` exclusively, check the current value, write the new one into the
 * lock, rename it over the ref. `expectedOld` "" means the ref must not exist yet.
 * "declined" = a case git handles with extra rules (reflogs, packed refs on creation, folder clashes,
 * objects it must verify): call `git update-ref` instead.
 */
export async function swapRef(
  gitDir: string,
  objects: LooseObjects,
  ref: string,
  next: string,
  expectedOld: string,
): Promise<SwapOutcome> {
  if (!isSimpleRef(ref) || !OBJECT_ID.test(next) || (expectedOld !== "" && !OBJECT_ID.test(expectedOld)))
    return "declined";
  if (!(await objects.isCommit(next))) return "declined";
  if (pathKind(join(gitDir, "logs", ref)) !== "none") return "declined";
  if (expectedOld === "" && pathKind(join(gitDir, "packed-refs")) !== "none") return "declined";
  const path = join(gitDir, ref);
  const lock = `${path}.lock`;
  const fd = await acquire(lock);
  if (fd === "busy") return "locked";
  if (fd === "failed") return "declined";
  let renamed = false;
  try {
    if (pathKind(path) === "other") return "declined";
    const current = readRef(gitDir, ref);
    if (current.state === "unknown") return "declined";
    const matches =
      expectedOld === ""
        ? current.state === "absent"
        : current.state === "found" && current.oid === expectedOld;
    if (!matches) return "stale";
    writeSync(fd, `${next}\n`, null, "latin1");
    closeSync(fd);
    renameSync(lock, path);
    renamed = true;
    return "moved";
  } finally {
    if (!renamed) {
      try {
        closeSync(fd);
      } catch {
        // closed before a failed rename
      }
      try {
        unlinkSync(lock);
      } catch {
        // nothing to clean
      }
    }
  }
}

/**
 * Creates the lock file exclusively (making the ref's folder when missing), retrying briefly like
 * git's core.filesRefLockTimeout (100 ms) while another process holds it.
 */
async function acquire(lock: string): Promise<number | "busy" | "failed"> {
  for (let attempt = 1; ; attempt++) {
    try {
      return openSync(lock, "wx", 0o666);
    } catch (error) {
      const code = errorCode(error);
      if (code === "ENOENT" && attempt === 1) {
        try {
          mkdirSync(dirname(lock), { recursive: true });
        } catch {
          return "failed";
        }
        continue;
      }
      if (code !== "EEXIST") return "failed";
      if (attempt >= LOCK_ATTEMPTS) return "busy";
      await sleep(LOCK_RETRY_MS);
    }
  }
}

function pathKind(path: string): "file" | "other" | "none" {
  try {
    return lstatSync(path).isFile() ? "file" : "other";
  } catch {
    return "none";
  }
}
