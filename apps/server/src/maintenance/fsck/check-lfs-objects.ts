import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { join } from "node:path";
import type { ProgressBoard } from "../../transfer/progress.js";
import { lfsObjects, type LfsObjectFile } from "../../content/data-layout.js";
import type { FsckProblem } from "./fsck-report.js";

async function sha256Of(path: string, onBytes: (done: number) => void): Promise<string> {
  const hash = createHash("sha256");
  let done = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    done += (chunk as Buffer).length;
    onBytes(done);
  }
  return hash.digest("hex");
}

/** Hashes every LFS object and compares the result with its name. */
export async function checkLfsObjects(
  dataDir: string,
  board: ProgressBoard,
): Promise<{ objects: LfsObjectFile[]; problems: FsckProblem[] }> {
  const objects: LfsObjectFile[] = [];
  for await (const object of lfsObjects(dataDir)) objects.push(object);
  board.setTotal(objects.reduce((sum, object) => sum + object.size, 0));
  const problems: FsckProblem[] = [];
  for (const object of objects) {
    const task = board.task(object.oid.slice(0, 12), object.size);
    const actual = await sha256Of(object.path, (done) => task.update(done)).catch(
      (err: unknown) => `unreadable: ${String(err)}`,
    );
    task.finish();
    if (actual !== object.oid)
      problems.push({
        kind: "lfs-corrupt",
        subject: `lfs:${object.oid}`,
        detail: `content hashes to ${actual} (${object.size} bytes)`,
        repairable: false,
      });
  }
  return { objects, problems };
}

/** Moves a corrupt object out of the store, so it is no longer served and a client can upload it again. */
export async function setAsideCorrupt(
  dataDir: string,
  object: { oid: string; path: string },
): Promise<string> {
  const dir = join(dataDir, "lfs-corrupt");
  await mkdir(dir, { recursive: true });
  const target = join(dir, `${object.oid}.${Date.now()}`);
  await rename(object.path, target);
  return target;
}
