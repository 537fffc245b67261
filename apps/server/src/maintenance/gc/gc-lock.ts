import { readFileSync, rmSync, writeFileSync } from "node:fs";

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

/** Takes `gc.lock` (one collection per data folder at a time); a lock of a dead process is taken over. */
export function acquireGcLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder))
        throw new GcBusyError(`garbage collection is already running (process ${holder})`);
      rmSync(file, { force: true });
    }
  }
  throw new GcBusyError("could not take the garbage collection lock");
}
