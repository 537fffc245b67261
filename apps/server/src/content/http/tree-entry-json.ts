import type { SecurityFileStatus, TreeEntry } from "@modelhub/api-types";
import type { ContentScanning } from "../../domain/ports.js";
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
  scanning?: ContentScanning,
): Promise<TreeEntry[]> {
  const lastCommits = expand
    ? await git.lastCommits(
        commit,
        entries.map((entry) => entry.path),
      )
    : undefined;
  const statuses =
    expand && scanning
      ? await scanning.statuses(entries.filter((entry) => entry.type === "file"))
      : undefined;
  return entries.map((entry) => {
    const json: TreeEntry = { type: entry.type, oid: entry.oid, size: entry.size, path: entry.path };
    if (entry.lfs)
      json.lfs = { oid: entry.lfs.sha256, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize };
    if (lastCommits) {
      const last = lastCommits.get(entry.path);
      if (last) json.lastCommit = { id: last.id, title: last.title, date: last.date.toISOString() };
      // huggingface_hub's RepoFile reads all three keys of it whenever it is there
      if (entry.type === "file") json.securityFileStatus = statuses?.get(entry.path) ?? UNSCANNED;
    }
    return json;
  });
}

const UNSCANNED: SecurityFileStatus = {
  status: "unscanned",
  avScan: { status: "unscanned" },
  pickleImportScan: { status: "unscanned" },
};
