import fs from "node:fs";
import path from "node:path";

export class DataDirError extends Error {}

/** Creates the data folder when missing and proves it is writable, so problems surface at start. */
export function ensureWritableDataDir(dir: string): void {
  try {
    // A new data folder (repositories, blobs, database) is private to the hub's user.
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe);
  } catch (err) {
    throw new DataDirError(`the data folder ${dir} is not writable: ${(err as Error).message}`);
  }
}
