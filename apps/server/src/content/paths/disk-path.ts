import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { printablePath } from "./path-rules.js";
import { unprocessable } from "../../domain/errors.js";

/**
 * Where a repo file lands under `root` on this machine (dataset conversion, model files, caches). Repo
 * paths may hold backslashes, which Windows reads as separators, so the parts between `/` and `\` are
 * checked and the result must stay inside `root` on any platform; 422 otherwise.
 */
export function diskPathUnder(root: string, repoPath: string): string {
  const parts = repoPath.split(/[\\/]/);
  const target = join(root, ...repoPath.split("/"));
  const inside = relative(resolve(root), resolve(target));
  if (
    repoPath === "" ||
    repoPath.includes("\0") ||
    /^(?:[\\/]|[A-Za-z]:[\\/])/.test(repoPath) ||
    parts.includes("..") ||
    inside === "" ||
    inside.startsWith(`..${sep}`) ||
    inside === ".." ||
    isAbsolute(inside)
  )
    throw unprocessable(`Invalid path "${printablePath(repoPath)}": it would leave its folder on disk`);
  return target;
}
