import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

const LOOSE_FOLDER = /^[0-9a-f]{2}$/;

/**
 * Bytes an object folder holds: loose objects and packs, as stored (what a clone downloads). A push's
 * quarantine folder inside it (`tmp_objdir-incoming-*`) is not counted until git accepts the push.
 */
export async function objectFolderBytes(objects: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(objects).catch(() => [] as string[])) {
    if (!LOOSE_FOLDER.test(name) && name !== "pack") continue;
    const folder = join(objects, name);
    for (const file of await readdir(folder).catch(() => [] as string[])) {
      if (name === "pack" && !file.endsWith(".pack")) continue;
      const info = await stat(join(folder, file)).catch(() => undefined);
      if (info?.isFile()) total += info.size;
    }
  }
  return total;
}

/** Bytes of a bare repository's object database. */
export function objectDatabaseBytes(gitDir: string): Promise<number> {
  return objectFolderBytes(join(gitDir, "objects"));
}
