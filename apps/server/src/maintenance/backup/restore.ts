import { cp, mkdir, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { MANIFEST, type BackupManifest } from "./backup.js";

export class RestoreError extends Error {}

/** Copies a backup into an empty (or new) data folder; the hub then starts on it as usual. */
export async function restoreHub(options: { source: string; dataDir: string }): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(options.source, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new RestoreError(`${options.source} is not a modelhub backup (no readable ${MANIFEST})`);
  }
  const existing = await readdir(options.dataDir).catch(() => undefined);
  if (existing && existing.length > 0)
    throw new RestoreError(
      `the data folder ${options.dataDir} is not empty; restore only into an empty or new folder`,
    );
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(options.source)) {
    if (entry === MANIFEST || entry.includes(".partial-")) continue;
    const from = join(options.source, entry);
    const to = join(options.dataDir, entry);
    if ((await stat(from)).isDirectory())
      await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    else await cp(from, to, { errorOnExist: true, force: false });
  }
  return manifest;
}
