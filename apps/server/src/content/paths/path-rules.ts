/**
 * Which repository paths the hub accepts on every write path (NDJSON commits, preupload, git push).
 * The name rules follow git's own guards (fsck's verify_path, is_hfs_dotgit, is_ntfs_dotgit): a name
 * any checkout on any platform would treat as `.git` is refused, not just the literal one.
 */

/**
 * Folders above a file. Git walks far deeper (core.maxTreeDepth is 4096 in current releases; the
 * hub's own tree walker stops at 256), so 64 leaves a wide margin on every tool and platform while
 * no real model or dataset layout comes close.
 */
export const MAX_FOLDER_DEPTH = 64;
import { trimTrailing } from "../../patterns/trim.js";
/** Bytes (UTF-8) in one file or folder name: the limit of ext4, APFS, NTFS and most file systems. */
export const MAX_NAME_BYTES = 255;
/** Bytes (UTF-8) in a whole path. */
export const MAX_PATH_BYTES = 1024;

/** Code points HFS+ ignores when comparing names, so `.g\u200Cit` is `.git` on a Mac (git's list). */
const HFS_IGNORABLE = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Whether some platform's git would treat this name as the `.git` folder. */
export function isDotGitAlias(name: string): boolean {
  let folded = name.replace(HFS_IGNORABLE, "").toLowerCase();
  // NTFS: an alternate data stream (".git::$INDEX_ALLOCATION") names the folder itself, and trailing
  // dots and spaces are dropped (".git. " is ".git").
  const colon = folded.indexOf(":");
  if (colon !== -1) folded = folded.slice(0, colon);
  folded = trimTrailing(folded, ". ");
  // The NTFS 8.3 short name of ".git" is GIT~1 (GIT~2… when taken).
  return folded === ".git" || /^git~\d+$/.test(folded);
}

/** Why one file or folder name is refused, or undefined when it is fine. */
export function nameProblem(name: string): string | undefined {
  if (name === "") return "has an empty folder name (a doubled or trailing slash)";
  if (name === "." || name === "..") return `has a "${name}" segment`;
  // A backslash is an ordinary character in a name (the Hub stores `folder/..\x` as is; clients
  // refuse to write such a file where `\` separates folders), but no piece of it may be `.git`.
  if (name.split("\\").some(isDotGitAlias))
    return "names git's own folder (.git or a name a file system reads as .git)";
  if (CONTROL.test(name)) return "contains a control character";
  if (Buffer.byteLength(name, "utf8") > MAX_NAME_BYTES)
    return `has a name longer than ${MAX_NAME_BYTES} bytes`;
  if (isDotGitAlias(name)) return "names git's own folder (.git or a name a file system reads as .git)";
  return undefined;
}

/**
 * Why a whole path starts outside the repo where `\` separates folders (`..\x`, `\x`, `C:\x`), or
 * undefined. Only the start counts: the Hub accepts `folder/..\..\x` and answers 422 to `..\x`.
 */
export function backslashRootProblem(path: string): string | undefined {
  if (path.startsWith("..\\")) return "climbs out of the repository (starts with ..\\)";
  if (path.startsWith("\\")) return "starts with a backslash (a Windows root or share)";
  if (/^[A-Za-z]:\\/.test(path)) return "starts with a Windows drive";
  return undefined;
}

/** Why a repo-relative file path is refused, or undefined when it is fine. */
export function pathProblem(path: string): string | undefined {
  if (path === "") return "is empty";
  const fromRoot = backslashRootProblem(path);
  if (fromRoot) return fromRoot;
  if (Buffer.from(path, "utf8").toString("utf8") !== path) return "is not valid UTF-8 (lone surrogate)";
  if (path.startsWith("/")) return "is absolute";
  if (Buffer.byteLength(path, "utf8") > MAX_PATH_BYTES) return `is longer than ${MAX_PATH_BYTES} bytes`;
  const names = path.split("/");
  if (names.length - 1 > MAX_FOLDER_DEPTH)
    return `is ${names.length - 1} folders deep (at most ${MAX_FOLDER_DEPTH})`;
  for (const name of names) {
    const problem = nameProblem(name);
    if (problem) return problem;
  }
  return undefined;
}

/** A path for messages: control characters escaped, very long ones shortened. */
export function printablePath(path: string): string {
  const escaped = JSON.stringify(path).slice(1, -1);
  return escaped.length > 300 ? `${escaped.slice(0, 150)}...${escaped.slice(-150)}` : escaped;
}
