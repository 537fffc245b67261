import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { formatPointer } from "./pointer.js";

const HEX2 = /^[0-9a-f]{2}$/;
const HEX62 = /^[0-9a-f]{62}$/;

/** The git blob id of the pointer file git stores for an LFS object (`fileOid` of list_lfs_files). */
export function pointerBlobId(oid: string, size: number): string {
  const pointer = Buffer.from(formatPointer({ oid, size }));
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${pointer.length}\0`), pointer]))
    .digest("hex");
}

/** Every LFS object uploaded to or committed in this repo (the markers the LFS store keeps per repo). */
export async function linkedObjects(repoDir: string): Promise<{ oid: string; pushedAt: Date }[]> {
  const root = join(repoDir, "lfs-objects");
  const found: { oid: string; pushedAt: Date }[] = [];
  const prefixes = await readdir(root).catch(() => [] as string[]);
  for (const prefix of prefixes.filter((name) => HEX2.test(name)).sort()) {
    const names = (await readdir(join(root, prefix)).catch(() => [] as string[])).filter((name) =>
      HEX62.test(name),
    );
    for (const name of names.sort()) {
      const info = await stat(join(root, prefix, name)).catch(() => undefined);
      if (info) found.push({ oid: prefix + name, pushedAt: info.mtime });
    }
  }
  return found;
}

/** The ids of the LFS objects this repo claims (names only: no stat per marker). */
export async function linkedObjectIds(repoDir: string): Promise<string[]> {
  const root = join(repoDir, "lfs-objects");
  const ids: string[] = [];
  for (const prefix of (await readdir(root).catch(() => [] as string[])).filter((name) => HEX2.test(name)))
    for (const name of await readdir(join(root, prefix)).catch(() => [] as string[]))
      if (HEX62.test(name)) ids.push(prefix + name);
  return ids;
}
