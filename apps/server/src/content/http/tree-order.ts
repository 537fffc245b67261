import type { Snapshot, SnapshotEntry } from "../snapshot.js";

const ordered = new WeakMap<Snapshot, SnapshotEntry[]>();

/**
 * All entries of a snapshot in tree-first order, sorted once per (cached, immutable) snapshot: any
 * folder's listing, recursive or not, is a filter of it that keeps the order.
 */
export function treeFirstEntries(snapshot: Snapshot): SnapshotEntry[] {
  let entries = ordered.get(snapshot);
  if (!entries) {
    entries = treeFirst(snapshot.entries);
    ordered.set(snapshot, entries);
  }
  return entries;
}

/**
 * The Hub's "tree first" listing order: within every folder its subfolders come before its files,
 * and a subfolder is followed by its own contents (depth first). huggingface_hub 0.x's HfFileSystem
 * fills its folder cache from a recursive listing and relies on this order.
 */
export function treeFirst(entries: readonly SnapshotEntry[]): SnapshotEntry[] {
  const keyed = entries.map((entry) => ({ entry, names: entry.path.split("/") }));
  keyed.sort((a, b) => {
    const shared = Math.min(a.names.length, b.names.length);
    for (let i = 0; i < shared; i += 1) {
      if (a.names[i] === b.names[i]) continue;
      const aFolder = i < a.names.length - 1 || a.entry.type === "directory";
      const bFolder = i < b.names.length - 1 || b.entry.type === "directory";
      if (aFolder !== bFolder) return aFolder ? -1 : 1;
      return a.names[i]! < b.names[i]! ? -1 : 1;
    }
    return a.names.length - b.names.length;
  });
  return keyed.map(({ entry }) => entry);
}
