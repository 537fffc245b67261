import fs from "node:fs/promises";
import path from "node:path";
import { usageError } from "./exit-codes.js";

export interface LocalFile {
  /** Absolute path on disk. */
  absolute: string;
  /** Destination path inside the repo (forward slashes). */
  repoPath: string;
  size: number;
}

/** Folders never uploaded: git metadata and this tool's download bookkeeping. */
const SKIPPED_DIRS = new Set([".git", ".cache"]);

/**
 * Lists what `upload` sends: a single file (to `pathInRepo`, default its own name) or every file
 * below a folder (under `pathInRepo`, default the repo root), in a stable order.
 */
export async function collectLocalFiles(
  localPath: string,
  pathInRepo: string | undefined,
): Promise<LocalFile[]> {
  let stat;
  try {
    stat = await fs.stat(localPath);
  } catch {
    throw usageError(`local path not found: ${localPath}`);
  }
  const prefix = normaliseRepoPath(pathInRepo ?? "");
  if (stat.isFile()) {
    const repoPath = pathInRepo === undefined || prefix === "" ? path.basename(localPath) : prefix;
    return [{ absolute: path.resolve(localPath), repoPath, size: stat.size }];
  }
  if (!stat.isDirectory()) throw usageError(`${localPath} is neither a file nor a folder`);
  const files: LocalFile[] = [];
  await walk(path.resolve(localPath), "", prefix, files);
  files.sort((a, b) => (a.repoPath < b.repoPath ? -1 : a.repoPath > b.repoPath ? 1 : 0));
  return files;
}

async function walk(dir: string, relative: string, prefix: string, out: LocalFile[]): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    const absolute = path.join(dir, entry.name);
    const rel = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) await walk(absolute, rel, prefix, out);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      const stat = await fs.stat(absolute).catch(() => undefined);
      if (!stat?.isFile() || entry.name.endsWith(".incomplete")) continue;
      out.push({ absolute, repoPath: prefix === "" ? rel : `${prefix}/${rel}`, size: stat.size });
    }
  }
}

function normaliseRepoPath(raw: string): string {
  const trimmed = raw.replace(/\\/g, "/").replace(/^\.?\/+|\/+$/g, "");
  if (trimmed.split("/").some((part) => part === ".." || part === "."))
    throw usageError(`invalid path in repo: ${raw}`);
  return trimmed;
}
