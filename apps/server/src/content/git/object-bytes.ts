import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { boundedMap } from "./bounded-map.js";

const LOOSE_FOLDER = /^[0-9a-f]{2}$/;
/** Folder reads and file stats in flight at once. */
const LANES = 32;

/**
 * Bytes an object folder holds: loose objects and packs, as stored (what a clone downloads). A push's
 * quarantine folder inside it (`tmp_objdir-incoming-*`) is not counted until git accepts the push.
 */
export async function objectFolderBytes(objects: string): Promise<number> {
  const folders = (await readdir(objects).catch(() => [] as string[])).filter(
    (name) => LOOSE_FOLDER.test(name) || name === "pack",
  );
  const files = (
    await boundedMap(folders, LANES, async (name) =>
      (await readdir(join(objects, name)).catch(() => [] as string[]))
        .filter((file) => name !== "pack" || file.endsWith(".pack"))
        .map((file) => join(objects, name, file)),
    )
  ).flat();
  const sizes = await boundedMap(files, LANES, async (file) => {
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? info.size : 0;
  });
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Bytes of a bare repository's object database. */
export function objectDatabaseBytes(gitDir: string): Promise<number> {
  return objectFolderBytes(join(gitDir, "objects"));
}
