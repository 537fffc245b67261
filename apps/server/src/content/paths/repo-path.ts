import { badRequest } from "../http-error.js";

const MAX_PATH_LENGTH = 1024;

/** Validates a repo-relative file path: no traversal, no absolute paths, no NUL or backslash. */
export function checkRepoPath(raw: string): string {
  const path = raw;
  if (path.length === 0) throw badRequest("Empty file path");
  if (path.length > MAX_PATH_LENGTH) throw badRequest("File path too long");
  if (path.includes("\0")) throw badRequest("File path contains a NUL byte");
  if (path.includes("\\")) throw badRequest("File path contains a backslash");
  if (path.startsWith("/")) throw badRequest(`Absolute paths are not allowed: ${path}`);
  for (const part of path.split("/")) {
    if (part === "" || part === "." || part === "..") throw badRequest(`Invalid path segment in: ${path}`);
  }
  if (path.split("/").includes(".git")) throw badRequest(`Paths inside .git are not allowed: ${path}`);
  // Control characters would corrupt git's index-info input.
  if ([...path].some((ch) => ch.charCodeAt(0) < 0x20))
    throw badRequest("File path contains control characters");
  return path;
}

/** Folder paths may be empty (the root) and may end with a slash. */
export function checkFolderPath(raw: string): string {
  const trimmed = raw.replace(/\/+$/, "");
  return trimmed === "" ? "" : checkRepoPath(trimmed);
}

const REVISION = /^[A-Za-z0-9._\-/]+$/;

/** Revisions are branch/tag names, commit ids or refs/... names; never options or traversal. */
export function checkRevision(rev: string): string {
  if (
    !REVISION.test(rev) ||
    rev.startsWith("-") ||
    rev.includes("..") ||
    rev.includes("//") ||
    rev.endsWith("/") ||
    rev.endsWith(".lock") ||
    rev.length > 255
  ) {
    throw badRequest(`Invalid revision: ${rev}`);
  }
  return rev;
}
