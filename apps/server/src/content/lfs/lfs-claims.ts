import { join } from "node:path";
import { LfsLinks } from "./repo-links.js";
import { dataLayout, reposOnDisk } from "../data-layout.js";
import { claimedLfsOf } from "./referenced-lfs.js";

/**
 * Of `oids`, the LFS objects some repository of the data folder still claims, so their bytes must stay:
 * one that uploaded or committed them (its marker), or whose refs reach a pointer to them (gc's rule).
 * `gitDir`, the repo that just gave them up, counts only through its marker (an upload since then).
 * A repo that cannot be read keeps everything, as in gc.
 */
export async function claimedElsewhere(
  dataDir: string,
  gitDir: string,
  oids: string[],
): Promise<Set<string>> {
  const links = new LfsLinks(dataLayout(dataDir).lfsLinks);
  const claimed = new Set<string>();
  const open = () => oids.filter((oid) => !claimed.has(oid));
  for (const oid of oids) if (await links.claimedBy(gitDir, oid)) claimed.add(oid);
  const others = (await reposOnDisk(dataDir)).filter((repo) => join(repo.gitDir) !== join(gitDir));
  for (const repo of others) {
    for (const oid of open()) if (await links.claimedBy(repo.gitDir, oid)) claimed.add(oid);
    if (open().length === 0) return claimed;
  }
  for (const repo of others) {
    const reached = await claimedLfsOf(repo.gitDir).catch(() => undefined);
    for (const oid of open()) if (!reached || reached.has(oid)) claimed.add(oid);
    if (open().length === 0) break;
  }
  return claimed;
}
