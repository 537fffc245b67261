import type { TreeEntry } from "@modelhub/api-types";
import type { GitRepository } from "../git/git-repository.js";
import type { SnapshotEntry } from "../snapshot.js";

/**
 * Tree / paths-info wire shape of entries; `expand` adds the last commit touching each path (found
 * for the whole page in one history walk) and the security-scan status.
 */
export async function treeEntriesJson(
  entries: SnapshotEntry[],
  expand: boolean,
  git: GitRepository,
  commit: string,
): Promise<TreeEntry[]> {
  const lastCommits = expand
    ? await git.lastCommits(
        commit,
        entries.map((entry) => entry.path),
      )
    : undefined;
  return entries.map((entry) => {
    const json: TreeEntry = { type: entry.type, oid: entry.oid, size: entry.size, path: entry.path };
    if (entry.lfs)
      json.lfs = { oid: entry.lfs.sha256, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize };
    if (lastCommits) {
      const last = lastCommits.get(entry.path);
      if (last) json.lastCommit = { id: last.id, title: last.title, date: last.date.toISOString() };
      if (entry.type === "file")
        json.securityFileStatus = { status: "unscanned", avScan: null, pickleImportScan: null };
    }
    return json;
  });
}
