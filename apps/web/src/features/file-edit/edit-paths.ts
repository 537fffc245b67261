import { encodePath, paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";

/** Page URLs of the browser editor (the Hub's own scheme: /{id}/new/{rev}/{folder}, /{id}/edit/{rev}/{path}). */
export const editPaths = {
  newFile: (type: RepoType, id: string, rev: string, folder = "", card = false) =>
    `${paths.repo(type, id)}/new/${encodeURIComponent(rev)}${folder ? `/${encodePath(folder)}` : ""}${card ? "?card=1" : ""}`,
  editFile: (type: RepoType, id: string, rev: string, path: string) =>
    `${paths.repo(type, id)}/edit/${encodeURIComponent(rev)}/${encodePath(path)}`,
  /** A pull request opened from the browser (the discussions page shows it). */
  discussion: (type: RepoType, id: string, num: number) => `${paths.repo(type, id)}/discussions/${num}`,
};

/** The folder holding a path ("" for the root). */
export function parentFolder(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Files the browser shows as text can be edited in place. */
export const EDITABLE_TEXT =
  /\.(md|txt|json|jsonl|py|js|mjs|ts|tsx|sh|yaml|yml|toml|cfg|ini|csv|tsv|html|css|jinja|gitattributes|gitignore)$|^[^.]+$/i;

/** The card file a repo's page renders. */
export function isRepoCard(path: string): boolean {
  return path === "README.md";
}

/** The branch a commit from a page at `revision` goes to: that branch, or main when it is a commit id. */
export function branchOf(revision: string): string {
  return /^[0-9a-f]{40}$/i.test(revision) ? "main" : revision;
}

const RELATIVE = "Use a relative path such as docs/notes.md.";

/**
 * Why a typed path cannot be committed (the hub checks again), or undefined. A backslash may be part of a
 * name, as on the Hub, but no part between slashes or backslashes may be `..`, nor may it root the path.
 */
export function pathProblem(path: string): string | undefined {
  if (!path.trim()) return "Name the file.";
  if (path.includes("\0") || /^(?:[\\/]|[A-Za-z]:\\)/.test(path)) return RELATIVE;
  const names = path.split("/");
  if (names.some((name) => name === "" || name === "." || name.split("\\").includes(".."))) return RELATIVE;
  if (names[0].split("\\")[0] === ".git") return "Files under .git cannot be committed.";
  return undefined;
}
