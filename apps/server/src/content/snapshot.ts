import type { GitRepository } from "./git/git-repository.js";
import { MAX_POINTER_SIZE, parsePointer } from "./lfs/pointer.js";
import type { FileEntry } from "../domain/repo.js";

export interface SnapshotEntry {
  type: "file" | "directory";
  path: string;
  /** git blob id (pointer blob for LFS files) or tree id. */
  oid: string;
  /** Content size (the real size for LFS files); 0 for directories. */
  size: number;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

/** The files and folders of one commit, with LFS pointers already decoded. Immutable, so cacheable. */
export interface Snapshot {
  commit: string;
  entries: SnapshotEntry[];
  byPath: Map<string, SnapshotEntry>;
  files: FileEntry[];
}

const MIN_POINTER_SIZE = 100;

export async function loadSnapshot(repo: GitRepository, commit: string): Promise<Snapshot> {
  const tree = await repo.treeEntries(commit);
  const candidates = tree.filter(
    (entry) =>
      entry.type === "blob" && entry.gitSize >= MIN_POINTER_SIZE && entry.gitSize <= MAX_POINTER_SIZE,
  );
  const contents = await repo.readBlobs([...new Set(candidates.map((entry) => entry.oid))]);
  const entries: SnapshotEntry[] = tree.map((entry) => {
    if (entry.type === "tree") return { type: "directory", path: entry.path, oid: entry.oid, size: 0 };
    const content = contents.get(entry.oid);
    const pointer = content ? parsePointer(content) : undefined;
    return pointer
      ? {
          type: "file",
          path: entry.path,
          oid: entry.oid,
          size: pointer.size,
          lfs: { sha256: pointer.oid, size: pointer.size, pointerSize: entry.gitSize },
        }
      : { type: "file", path: entry.path, oid: entry.oid, size: entry.gitSize };
  });
  const files: FileEntry[] = entries
    .filter((entry) => entry.type === "file")
    .map((entry) =>
      entry.lfs
        ? { path: entry.path, size: entry.size, oid: entry.oid, lfs: entry.lfs }
        : { path: entry.path, size: entry.size, oid: entry.oid },
    );
  return { commit, entries, byPath: new Map(entries.map((entry) => [entry.path, entry])), files };
}
