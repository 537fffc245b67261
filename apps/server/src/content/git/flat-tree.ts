import type { FlatEntry } from "./tree-files.js";

/**
 * The files of a tree keyed by path, edited the way `git update-index --index-info` edits an index:
 * putting "a/b" drops a file "a", putting "a" drops everything under "a/", removing only drops the
 * exact path.
 */
export class FlatTree {
  private readonly entries = new Map<string, FlatEntry>();
  /** How many entries sit below each folder path, to spot file/folder clashes without a scan. */
  private readonly folderSizes = new Map<string, number>();

  /** Builds from existing entries; undefined when a path repeats (a malformed tree). */
  static from(entries: Iterable<FlatEntry>): FlatTree | undefined {
    const tree = new FlatTree();
    for (const entry of entries) {
      if (tree.entries.has(entry.path)) return undefined;
      tree.add(entry);
    }
    return tree;
  }

  get size(): number {
    return this.entries.size;
  }

  values(): IterableIterator<FlatEntry> {
    return this.entries.values();
  }

  put(entry: FlatEntry): void {
    for (const folder of foldersOf(entry.path)) if (this.entries.has(folder)) this.remove(folder);
    if (this.folderSizes.has(entry.path)) {
      const inside = `${entry.path}/`;
      for (const path of [...this.entries.keys()]) if (path.startsWith(inside)) this.remove(path);
    }
    this.remove(entry.path);
    this.add(entry);
  }

  remove(path: string): void {
    if (!this.entries.delete(path)) return;
    for (const folder of foldersOf(path)) {
      const left = (this.folderSizes.get(folder) ?? 0) - 1;
      if (left > 0) this.folderSizes.set(folder, left);
      else this.folderSizes.delete(folder);
    }
  }

  private add(entry: FlatEntry): void {
    this.entries.set(entry.path, entry);
    for (const folder of foldersOf(entry.path))
      this.folderSizes.set(folder, (this.folderSizes.get(folder) ?? 0) + 1);
  }
}

/** "a/b/c" → ["a", "a/b"] */
function foldersOf(path: string): string[] {
  const folders: string[] = [];
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1))
    folders.push(path.slice(0, slash));
  return folders;
}
