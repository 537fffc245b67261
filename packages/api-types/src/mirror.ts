/** The pull-through mirror of an upstream hub, as site admins see it. */

import type { RepoType } from "./repos.js";
import type { ScanRefusal } from "./scans.js";

/** One mirrored repo of `GET /api/admin/mirror`. */
export interface MirroredRepoReport {
  id: string;
  type: RepoType;
  /** The last known upstream commit; `null` before the first refresh. */
  sha: string | null;
  gated: string;
  refreshedAt: string;
  /** Cached files and their bytes; pinned bytes are never evicted. */
  files: number;
  bytes: number;
  pinnedBytes: number;
  hits: number;
}

/** `GET /api/admin/mirror` (site admins only). Counters run since the hub started. */
export interface MirrorReport {
  upstream: string;
  offline: boolean;
  upstreamReachable: boolean;
  refreshSeconds: number;
  /** `null` when the cache has no cap. */
  cacheCapBytes: number | null;
  cachedBytes: number;
  hits: number;
  misses: number;
  bytesSaved: number;
  bytesFetched: number;
  evictions: number;
  verificationFailures: number;
  upstreamErrors: number;
  /** The latest upstream problems, newest first. */
  recentErrors: { at: string; message: string }[];
  inFlight: { oid: string; size: number; written: number }[];
  rules: { allow: string[]; deny: string[] };
  /** Licences (allowed, denied), tags and libraries denied, largest file (`null`: no limit). */
  curation: {
    licensesAllow: string[];
    licensesDeny: string[];
    denyTags: string[];
    denyLibraries: string[];
    maxFileBytes: number | null;
  };
  /** Repos and files the curation rules refused (403 naming the rule), newest first. */
  refusals: ScanRefusal[];
  repos: MirroredRepoReport[];
}

/** How far a pin (`POST /api/admin/mirror/pull`) has come; `path` is the file being fetched. */
export interface MirrorPullProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  path?: string;
  /** Size of the file being fetched. */
  fileSize?: number;
}

/**
 * One NDJSON line of `POST /api/admin/mirror/pull`: progress lines, then either the result
 * (`done`) or an `error`.
 */
export type MirrorPullLine =
  | { progress: MirrorPullProgress }
  | ({ done: true; id: string; revision: string } & MirrorPullProgress)
  | { error: string; status?: number };
