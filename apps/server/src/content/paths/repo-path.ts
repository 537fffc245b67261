import { backslashRootProblem, pathProblem, printablePath } from "./path-rules.js";
import { badRequest, unprocessable } from "../../domain/errors.js";
import { trimTrailing } from "../../patterns/trim.js";

/**
 * Validates a repo-relative file path against the hub's path rules (see path-rules.ts): 400 naming the
 * path and the reason otherwise (422 when it climbs out of the repo).
 */
export function checkRepoPath(raw: string): string {
  const problem = pathProblem(raw);
  if (!problem) return raw;
  const message = `Invalid path "${printablePath(raw)}": it ${problem}`;
  // a path that starts outside the repo where `\` separates folders (`..\x`): 422, as on the Hub
  throw backslashRootProblem(raw) ? unprocessable(message) : badRequest(message);
}

/** Folder paths may be empty (the root) and may end with a slash. */
export function checkFolderPath(raw: string): string {
  const trimmed = trimTrailing(raw, "/");
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
