import type { LooseObjects } from "./loose-objects.js";
import { DIRECTORY_MODE, type RawTreeRecord, decodeTree, encodeTree } from "./object-codec.js";

/** One non-directory entry of a flattened tree: a file, symlink or submodule link. */
export interface FlatEntry {
  path: string;
  /** As stored in the tree ("100644", "100755", "120000", "160000"). */
  mode: string;
  oid: string;
}

/** A tree or non-tree entry in `git ls-tree -r -t` order (each folder before its contents). */
export interface WalkedEntry extends FlatEntry {
  kind: "tree" | "blob" | "commit";
  /** Some part of the path was not valid UTF-8 in the tree (shown with replacement characters). */
  lossyPath?: true;
}

const SUBMODULE_MODE = "160000";

export function kindOfMode(mode: string): WalkedEntry["kind"] {
  return mode === DIRECTORY_MODE ? "tree" : mode === SUBMODULE_MODE ? "commit" : "blob";
}

/**
 * Walks a tree recursively from loose objects. Undefined when some tree is not stored loose
 * (packed after a push or gc): the caller then asks the git CLI.
 */
export async function walkTree(objects: LooseObjects, treeOid: string): Promise<WalkedEntry[] | undefined> {
  const out: WalkedEntry[] = [];
  const visit = async (oid: string, prefix: string, depth: number, lossy: boolean): Promise<boolean> => {
    // Deeper than the hub accepts (e.g. written before path rules existed): git walks it instead.
    if (depth > 256) return false;
    const tree = await objects.read(oid);
    if (!tree || tree.kind !== "tree") return false;
    for (const record of decodeTree(tree.body)) {
      const path = prefix + record.name;
      const kind = kindOfMode(record.mode);
      const lossyPath = lossy || record.lossyName === true;
      out.push(
        lossyPath
          ? { path, mode: record.mode, oid: record.oid, kind, lossyPath }
          : { path, mode: record.mode, oid: record.oid, kind },
      );
      if (kind === "tree" && !(await visit(record.oid, `${path}/`, depth + 1, lossyPath))) return false;
    }
    return true;
  };
  return (await visit(treeOid, "", 0, false)) ? out : undefined;
}

interface Folder {
  files: RawTreeRecord[];
  folders: Map<string, Folder>;
}

/** Writes the trees for a flat list of entries (paths must not collide) and returns the root tree id. */
export async function writeTrees(objects: LooseObjects, entries: Iterable<FlatEntry>): Promise<string> {
  const root: Folder = { files: [], folders: new Map() };
  for (const entry of entries) {
    const parts = entry.path.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { files: [], folders: new Map() };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push({ mode: entry.mode, name: parts[parts.length - 1], oid: entry.oid });
  }
  const write = async (folder: Folder): Promise<string> => {
    const records = [...folder.files];
    for (const [name, child] of folder.folders)
      records.push({ mode: DIRECTORY_MODE, name, oid: await write(child) });
    return objects.write("tree", encodeTree(records));
  };
  return write(root);
}
