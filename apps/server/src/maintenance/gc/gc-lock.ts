import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/** Another garbage collection (a running hub's sweep or a `modelhub gc`) holds the data folder. */
export class GcBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * Takes `gc.lock` (one collection per data folder at a time); a lock of a dead process is taken over.
 * The lock is written in full under another name and then hard-linked into place, so a second process
 * (another replica on the same shared folder) never reads a lock file that exists but is still empty
 * and mistakes it for an abandoned one.
 */
export function acquireGcLock(file: string): () => void {
  const draft = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(draft, file);
        return () => rmSync(file, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        const holder = holderOf(file);
        if (holder !== undefined && alive(holder))
          throw new GcBusyError(`garbage collection is already running (process ${holder})`);
        rmSync(file, { force: true });
      }
    }
    throw new GcBusyError("could not take the garbage collection lock");
  } finally {
    rmSync(draft, { force: true });
  }
}
