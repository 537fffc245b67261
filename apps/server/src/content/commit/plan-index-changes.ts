import type { BlobStore } from "../blobs/blob-store.js";
import type { IndexChange } from "../git/commit-draft.js";
import type { GitRepository } from "../git/git-repository.js";
import { formatPointer, type LfsPointer } from "../lfs/pointer.js";
import { GitAttributes } from "../paths/gitattributes.js";
import { printablePath } from "../paths/path-rules.js";
import type { Snapshot } from "../snapshot.js";
import { storeRoutedFilesInLfs } from "./lfs-routing.js";
import { conflict, entryNotFound, unprocessable } from "../../domain/errors.js";

/** One change of a commit. `file` content is already in git (see `RepoContent.hashBlob`). */
export type CommitOperation =
  | { kind: "file"; path: string; blob: string }
  | { kind: "lfs"; path: string; oid: string; size?: number }
  | { kind: "delete"; path: string }
  | { kind: "deleteFolder"; path: string };

export interface PlanContext {
  blobs: BlobStore;
  git: GitRepository;
  /** Writes content into the repo's object database, returning the blob id. */
  writeBlob(content: string): Promise<string>;
  /** Whether the repo may use this uploaded LFS object, marking it as used (see lfs/repo-links.ts). */
  claimLfsObject(oid: string): Promise<boolean>;
  /** Stores bytes as an LFS object of this repo (plain files at paths .gitattributes routes to LFS). */
  storeLfsContent(content: Buffer): Promise<LfsPointer>;
}

/**
 * Turns commit operations into index changes against `base`: LFS objects must already be stored,
 * deletions must hit existing paths, LFS paths not yet routed by .gitattributes get a rule there, and
 * plain files at paths it routes are stored in LFS (see lfs-routing.ts).
 */
export async function planIndexChanges(
  context: PlanContext,
  base: Snapshot | undefined,
  operations: CommitOperation[],
): Promise<IndexChange[]> {
  const present = new Set(base?.files.map((file) => file.path) ?? []);
  const changes: IndexChange[] = [];
  const lfsPaths: string[] = [];
  const plainPaths = new Set<string>();
  let attributesBlob: string | undefined;
  for (const operation of operations) {
    switch (operation.kind) {
      case "file":
        changes.push({ kind: "put", path: operation.path, blob: operation.blob });
        present.add(operation.path);
        if (operation.path === ".gitattributes") attributesBlob = operation.blob;
        else plainPaths.add(operation.path);
        break;
      case "lfs": {
        const stored = await context.blobs.stat(operation.oid);
        if (stored === undefined || !(await context.claimLfsObject(operation.oid))) {
          throw unprocessable(`LFS object ${operation.oid} was not uploaded to this repository`);
        }
        if (operation.size !== undefined && operation.size !== stored) {
          throw unprocessable(`LFS object ${operation.oid} has size ${stored}, not ${operation.size}`);
        }
        const blob = await context.writeBlob(formatPointer({ oid: operation.oid, size: stored }));
        changes.push({ kind: "put", path: operation.path, blob });
        present.add(operation.path);
        lfsPaths.push(operation.path);
        plainPaths.delete(operation.path);
        break;
      }
      case "delete": {
        if (present.has(operation.path)) {
          changes.push({ kind: "remove", path: operation.path });
          present.delete(operation.path);
          break;
        }
        // a file deletion naming a folder (`"1"`, no trailing slash) deletes the folder, as the Hub does
        const inside = [...present].filter((path) => path.startsWith(`${operation.path}/`));
        if (inside.length === 0) throw entryNotFound(operation.path);
        for (const path of inside) {
          changes.push({ kind: "remove", path });
          present.delete(path);
        }
        break;
      }
      case "deleteFolder": {
        const prefix = operation.path === "" ? "" : `${operation.path}/`;
        const inside = [...present].filter((path) => path.startsWith(prefix));
        if (inside.length === 0) throw entryNotFound(operation.path);
        for (const path of inside) {
          changes.push({ kind: "remove", path });
          present.delete(path);
        }
        break;
      }
    }
  }
  checkFileFolderClashes(present, changes);
  if (lfsPaths.length === 0 && plainPaths.size === 0) return changes;
  // A folder named .gitattributes (legal in git) holds no attributes.
  const storedAttributes = base?.byPath.get(".gitattributes");
  const current = attributesBlob
    ? (await context.git.readBlob(attributesBlob)).toString("utf8")
    : storedAttributes?.type === "file"
      ? (await context.git.readBlob(storedAttributes.oid)).toString("utf8")
      : "";
  const attributes = new GitAttributes(current);
  const readBlob = (blob: string) => context.git.readBlob(blob);
  if (plainPaths.size > 0)
    await storeRoutedFilesInLfs({ ...context, readBlob }, attributes, changes, plainPaths);
  if (lfsPaths.length > 0) {
    // One exact-path rule per path not routed yet. Parsed once: re-parsing after every added rule made
    // a commit with thousands of such paths quadratic. An added rule matches its own path, anything
    // below it (as a folder) and, without a slash, any path component of that name.
    const added = new Set<string>();
    const coveredByAdded = (path: string) => {
      if (added.size === 0) return false;
      const parts = path.split("/");
      for (let n = 1; n <= parts.length; n++)
        if (added.has(parts[n - 1]) || added.has(parts.slice(0, n).join("/"))) return true;
      return false;
    };
    for (const path of lfsPaths) if (!coveredByAdded(path) && !attributes.isLfs(path)) added.add(path);
    if (added.size > 0) {
      if ([...present].some((path) => path.startsWith(".gitattributes/")))
        throw conflict("Cannot add LFS rules: .gitattributes is a folder in this repository");
      const text = attributes.withLfsPaths([...added]);
      changes.push({ kind: "put", path: ".gitattributes", blob: await context.writeBlob(text) });
    }
  }
  return changes;
}

/**
 * A path can't be a file and a folder at once: git's index would silently drop one side (putting
 * "a/b" deletes the file "a"), so a commit that adds such a clash is refused instead.
 */
function checkFileFolderClashes(present: Set<string>, changes: IndexChange[]): void {
  const puts = changes.filter((change) => change.kind === "put");
  if (puts.length === 0) return;
  const folders = new Set<string>();
  for (const path of present)
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1))
      folders.add(path.slice(0, slash));
  for (const { path } of puts) {
    if (!present.has(path)) continue;
    if (folders.has(path))
      throw conflict(`Cannot add file "${printablePath(path)}": a folder of that name exists`);
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1))
      if (present.has(path.slice(0, slash)))
        throw conflict(
          `Cannot add file "${printablePath(path)}": "${printablePath(path.slice(0, slash))}" is a file, not a folder`,
        );
  }
}
