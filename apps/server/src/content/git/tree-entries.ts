/** One entry of `git ls-tree -r -t -l -z`. */
export interface TreeEntry {
  type: "blob" | "tree";
  mode: string;
  oid: string;
  /** Blob size in git (for LFS files: the pointer size); 0 for trees. */
  gitSize: number;
  path: string;
}

export function parseLsTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.toString("utf8").split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/);
    if (type !== "blob" && type !== "tree") continue; // submodules (commit) are not files
    entries.push({
      type,
      mode,
      oid,
      gitSize: type === "blob" ? Number(size) : 0,
      path: record.slice(tab + 1),
    });
  }
  return entries;
}
