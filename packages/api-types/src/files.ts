import type { SecurityFileStatus } from "./scans.js";

/** Files and history of a repository: tree, commits, refs, one commit's diff, and the write path (preupload, LFS batch, commit). */

/** One item of `GET /api/{kind}/{id}/tree/{rev}/{path}` and `POST …/paths-info/{rev}`. */
export interface TreeEntry {
  type: "file" | "directory";
  oid: string;
  size: number;
  path: string;
  lfs?: { oid: string; size: number; pointerSize: number };
  /** With `expand=true`. */
  lastCommit?: { id: string; title: string; date: string };
  securityFileStatus?: SecurityFileStatus;
}

/** One item of `GET /api/{kind}/{id}/commits/{rev}`. */
export interface CommitEntry {
  id: string;
  title: string;
  message: string;
  authors: { user: string; avatar: string | null }[];
  date: string;
  /** With `expand[]=formatted`: HTML-escaped title and message. */
  formatted?: { title: string; message: string };
}

export interface GitRef {
  name: string;
  ref: string;
  targetCommit: string;
}

/** `GET /api/{kind}/{id}/refs` */
export interface RepoRefs {
  branches: GitRef[];
  tags: GitRef[];
  converts: GitRef[];
  /** With `include_prs=1`. */
  pullRequests?: GitRef[];
}

export interface LfsSide {
  oid: string;
  size: number;
}

/** One file of a commit's diff. */
export interface CommitFileChange {
  path: string;
  /** The path before a rename. */
  oldPath?: string;
  status: "added" | "deleted" | "modified" | "renamed" | "type-changed";
  additions: number;
  deletions: number;
  binary: boolean;
  /** For LFS pointer files: the object before and after (the patch of a pointer says only this). */
  lfs?: { before?: LfsSide; after?: LfsSide };
  /** Unified diff of the file (hunks only), absent for binary files and when truncated. */
  patch?: string;
  truncated?: boolean;
}

/** `GET /api/{kind}/{id}/commit/{rev}` */
export interface CommitDiff {
  id: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  date: string;
  title: string;
  message: string;
  files: CommitFileChange[];
  /** More files changed than are listed. */
  filesTruncated: boolean;
}

/** `POST /api/{kind}/{id}/preupload/{rev}` */
export interface PreuploadResponse {
  files: { path: string; uploadMode: "lfs" | "regular"; shouldIgnore: boolean; oid: string | null }[];
  commitOid: string | null;
}

/** `POST /api/{kind}/{id}/commit/{rev}` */
export interface CommitResponse {
  success: true;
  commitOid: string;
  commitUrl: string;
  /** Set when the commit opened a pull request (`create_pr=1`). */
  pullRequestUrl?: string;
  hookOutput: string;
}

export interface LfsAction {
  href: string;
  header?: Record<string, string>;
  expires_in?: number;
}

/** One object of a Git LFS batch answer (`POST {repo}.git/info/lfs/objects/batch`). */
export interface LfsBatchObject {
  oid: string;
  size: number;
  authenticated?: boolean;
  actions?: { upload?: LfsAction; verify?: LfsAction; download?: LfsAction };
  error?: { code: number; message: string };
}

export interface LfsBatchResponse {
  transfer: string;
  objects: LfsBatchObject[];
  hash_algo: string;
}
