import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";

/**
 * Removes `*.lock` files under refs/ plus packed-refs.lock and HEAD.lock. Call it only while holding
 * the repo's lock in the one process that writes the repo: any lock file found then was left by a
 * process that was killed mid-update.
 */
export async function clearStaleRefLocks(gitDir: string): Promise<number> {
  let removed = 0;
  const visit = async (dir: string, depth: number): Promise<void> => {
    if (depth > 16) return;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await visit(path, depth + 1);
      else if (
        entry.name.endsWith(".lock") &&
        (await unlink(path).then(
          () => true,
          () => false,
        ))
      )
        removed++;
    }
  };
  await visit(join(gitDir, "refs"), 0);
  for (const name of ["packed-refs.lock", "HEAD.lock"]) {
    if (
      await unlink(join(gitDir, name)).then(
        () => true,
        () => false,
      )
    )
      removed++;
  }
  return removed;
}
