import { statfsSync } from "node:fs";
import { HttpError } from "../domain/errors.js";

/** errno codes, SQLite result codes and PostgreSQL SQLSTATEs that mean "no room left to write". */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL", "53100"]);
const FULL_TEXT =
  /No space left on device|Disk quota exceeded|database or disk is full|could not extend file/i;
const LOG_EVERY_MS = 5 * 60 * 1000;

/** Whether an error (or any error it wraps) says the disk or the database ran out of space. */
export function isStorageFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const { code, message, stderr, cause } = err as {
    code?: unknown;
    message?: unknown;
    stderr?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string" && FULL_CODES.has(code)) return true;
  if (typeof message === "string" && FULL_TEXT.test(message)) return true;
  if (typeof stderr === "string" && FULL_TEXT.test(stderr)) return true;
  return isStorageFull(cause, depth + 1);
}

/** `507 Insufficient Storage`: clients should not retry at once, and the admin sees it is the disk. */
export function insufficientStorage(): HttpError {
  return new HttpError(
    507,
    "Insufficient storage: the hub's disk (or database) is full, so nothing was written. Reads still work; try again once the administrator has freed space.",
  );
}

interface StorageLogger {
  error(obj: object, msg?: string): void;
}

let watchedDir: string | undefined;
let lastLogged = 0;

/** The folder whose free space a full-disk log line reports (the data folder; set at start). */
export function watchStorage(dir: string): void {
  watchedDir = dir;
}

/** Logs a full disk once (again at most every five minutes while it lasts), with the free space. */
export function reportStorageFull(logger: StorageLogger, err: unknown, path: string): void {
  const now = Date.now();
  if (now - lastLogged < LOG_EVERY_MS) return;
  lastLogged = now;
  let free: { freeBytes: number; totalBytes: number } | undefined;
  if (watchedDir) {
    try {
      const stats = statfsSync(watchedDir);
      free = { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      free = undefined;
    }
  }
  logger.error(
    { err: err instanceof Error ? err.message : String(err), path, dataDir: watchedDir, ...free },
    "storage full: writes answer 507 until space is freed",
  );
}
