/**
 * The seams between the hub's halves, stated in domain terms: platform (accounts, database, listings)
 * implements access and events; content (git, LFS, commits) implements the repository content.
 */
import type { Readable } from "node:stream";
import type { SecurityFileStatus } from "@modelhub/api-types";
import type {
  CommitFileInput,
  CommitSummary,
  DerivedMetadata,
  LocalLfsFile,
  PullRequestCommit,
  PullRequestMerge,
  RepoRecord,
  RepoType,
  Viewer,
} from "./repo.js";

export interface RepoAccess {
  findRepo(type: RepoType, id: string): Promise<RepoRecord | undefined>;
  /** The repo an old name of a renamed repo leads to (no access check). */
  findMoved?(type: RepoType, id: string): Promise<RepoRecord | undefined>;
  canRead(viewer: Viewer, repo: RepoRecord): boolean;
  canWrite(viewer: Viewer, repo: RepoRecord): boolean;
  /** Gated repos: why the viewer may not download files (401 anonymous, 403 signed in), or undefined. */
  downloadDenial?(
    viewer: Viewer,
    repo: RepoRecord,
  ): Promise<{ status: 401 | 403; message: string } | undefined>;
  /**
   * Whether `viewer` may move `ref` (commit API, git push): `refs/pr/<n>` takes the author of its open
   * pull request and the repo's writers, any other ref only writers. Undefined when allowed.
   */
  pushDenial?(
    viewer: Viewer,
    repo: RepoRecord,
    ref: string,
  ): Promise<{ status: 401 | 403 | 404; message: string } | undefined>;
  /**
   * A commit sent with `create_pr=1`: opens pull request number N (by `viewer`, based on `baseCommit`)
   * and returns N; the caller then creates `refs/pr/<N>` with that commit.
   */
  openPullRequest?(
    viewer: Viewer,
    repo: RepoRecord,
    input: { title: string; description: string; baseCommit: string },
  ): Promise<number>;
}

/** Platform side: stores derived metadata and download counts in the database. */
export interface RepoEvents {
  /** Called after every commit that moves the default branch (API commit, git push, seed). */
  commitLanded(repo: RepoRecord, commit: CommitSummary, derived: DerivedMetadata): Promise<void>;
  /** Called when a file download counts under the repo's library rule. */
  downloadCounted(repo: RepoRecord): Promise<void>;
}

/**
 * Content side: the git repositories behind repo records. Platform calls these on repo create/delete/move
 * and when seeding. `commitFiles` lands one commit on the default branch and reports it through
 * `RepoEvents.commitLanded` like any other commit.
 */
export interface RepoContent {
  init(repo: RepoRecord): Promise<void>;
  remove(repo: RepoRecord): Promise<void>;
  move(from: RepoRecord, to: RepoRecord): Promise<void>;
  commitFiles(
    repo: RepoRecord,
    input: {
      files: CommitFileInput[];
      title: string;
      author: string;
      /** Author and committer date (seeding dates its imports); now when absent. */
      date?: Date;
    },
  ): Promise<CommitSummary>;
  /** Lands the files of `from` at `revision` on `to`'s default branch in one commit. Optional. */
  copyFiles?(
    from: RepoRecord,
    to: RepoRecord,
    revision: string,
    input: { title: string; author: string },
  ): Promise<CommitSummary>;
  /** Re-commits plain files at LFS-routed paths as LFS pointers (see repo-content.ts). Optional. */
  storeRoutedFilesInLfs?(
    repo: RepoRecord,
    input: { title: string; author: string; date?: Date },
  ): Promise<CommitSummary | undefined>;
  /** Derives the metadata of the repo at a commit again (upgrades fill in newly derived fields). Optional. */
  derive?(repo: RepoRecord, commit: string): Promise<DerivedMetadata>;
  /**
   * Derives the metadata of `commit` (the default branch head) again and hands it to the platform through
   * `RepoEvents.commitLanded`, as a commit does: repairs a database that fell behind git. Optional.
   */
  announce?(repo: RepoRecord, commit: string): Promise<void>;
  /** Resolves a branch, tag or commit id to a full commit sha; undefined when unknown. Optional. */
  resolveRevision?(repo: RepoRecord, revision: string): Promise<string | undefined>;
  /** The git side of pull requests (`refs/pr/<n>`). Optional. */
  pullRequests?: PullRequestRefs;
  /**
   * The LFS files of a revision whose content lies in this machine's blob folder, with its local path
   * (in-process readers such as the embedded inference backend open them directly). Optional.
   */
  localLfsFiles?(repo: RepoRecord, revision: string): Promise<LocalLfsFile[]>;
  /** Makes sure `file.localPath` holds the verified bytes (fetches a remote store's object); returns it. */
  fetchLocalLfsFile?(file: LocalLfsFile): Promise<string>;
}

/** Git operations behind pull requests: refs/pr/<n> and merging it into the default branch. */
export interface PullRequestRefs {
  /** Creates `refs/pr/<num>` at `base` (the default branch head when absent); returns its commit. */
  create(repo: RepoRecord, num: number, base?: string): Promise<string>;
  /** Current commit of `refs/pr/<num>`, undefined when the ref is gone. */
  head(repo: RepoRecord, num: number): Promise<string | undefined>;
  /** Commits reachable from `head` but not from `base`, oldest first. */
  commitsBetween(repo: RepoRecord, base: string, head: string): Promise<PullRequestCommit[]>;
  /** Unified diff of `head` against `base` (LFS files show as pointer changes), cut at a size limit. */
  diff(repo: RepoRecord, base: string, head: string): Promise<string>;
  /** Files that would conflict if `refs/pr/<num>` were merged into the default branch now. */
  conflicts(repo: RepoRecord, num: number): Promise<string[]>;
  /** Merges `refs/pr/<num>` into the default branch (fast-forward or a merge commit); nothing moves on a conflict. */
  merge(repo: RepoRecord, num: number, input: { title: string; author: string }): Promise<PullRequestMerge>;
}

/** The subset of a pino logger the content half may use. */
export interface ContentLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** An LFS object of a repo: its sha256 and size, and where a commit of the repo holds it when known. */
export interface LfsObjectRef {
  sha256: string;
  size: number;
  path?: string;
  commit?: string;
}

/**
 * The upstream mirror's side of LFS reads (src/mirror/): objects of mirrored repos that are not
 * stored yet are streamed from the upstream while being cached; cached ones are reported as served.
 */
export interface LfsPullThrough {
  open(repo: RepoRecord, object: LfsObjectRef, range?: { start: number; end: number }): Promise<Readable>;
  served(repo: RepoRecord, sha256: string, bytes: number): void;
  /** Throws the 403 of an object the mirror's curation rules refuse (cached or not). */
  refuse?(repo: RepoRecord, object: LfsObjectRef): Promise<void>;
}

/**
 * Serialises work per key (one repository): inside this process by default, across every replica of
 * the hub when they share one PostgreSQL database.
 */
export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Tells the other replicas of the hub that something cached is stale (a row, a listing, a ref). One
 * process alone: a no-op. `publish` starts sending at once; `settled` waits for what was started, so a
 * write's response goes out only once every replica was told.
 */
export interface CacheSignals {
  publish(topic: string, key: string): void;
  subscribe(topic: string, handler: (key: string) => void): void;
  settled(): Promise<void>;
}

/** Background jobs run once across replicas: the job's leader runs it, the others skip. */
export interface JobLeadership {
  isLeader(job: string): boolean;
}

/**
 * The audit log as the halves without database access (content, maintenance) see it: records one
 * event in a transaction of its own, attributed to the current request's user (or the hub itself).
 * Used right after a change that lives outside the database (a ref deleted, LFS objects removed), while
 * the repository lock is still held. `type` is a catalogue name (src/audit/catalogue.ts).
 */
export interface AuditTrail {
  record(event: { type: string; data?: Record<string, unknown>; namespace?: string | null }): Promise<void>;
}

/**
 * The storage quota of a repo's owner (user or organization), as the content half's writes ask it.
 * Every refusal is a 413 naming the quota, the current usage and the bytes needed.
 */
export interface StorageQuotaGate {
  /** Refuses when `bytes` more would not fit now; holds nothing. */
  check(repo: RepoKeyOf, bytes: number): Promise<void>;
  /** Bytes that still fit in the owner's quota now (Infinity when unlimited). */
  room(repo: RepoKeyOf): Promise<number>;
  /**
   * Refuses when the holds' bytes together would not fit, else holds them for the upload until it is
   * settled or `ttlMs` passes, atomically with every other hold of the namespace. A hold may be named
   * (`id`: an LFS object's upload asked for twice holds its bytes once). Returns the holds' ids.
   */
  reserve(repo: RepoKeyOf, holds: { id?: string; bytes: number }[], ttlMs?: number): Promise<string[]>;
  /**
   * Drops the holds `ids` (the upload landed or failed) and, in the same transaction, measures the repo
   * again, or adds `addedLfsBytes` to its last measure (one LFS object stored: no walk over the others).
   */
  settle(repo: RepoKeyOf, ids: string[], addedLfsBytes?: number): Promise<void>;
  /** Whether the owner has a storage quota at all (else nothing needs holding). */
  limited(repo: RepoKeyOf): Promise<boolean>;
}

/** A repository as quota checks name it. */
export type RepoKeyOf = Pick<RepoRecord, "type" | "id" | "owner">;

/** A file of a revision as the security scans see it: its content is named by the LFS sha256 or the blob id. */
export interface ScannedFile {
  path: string;
  /** The commit the file was read at (a mirror fetches a missing object by it). */
  commit?: string;
  /** git blob id (of the pointer, for LFS files) */
  oid: string;
  size: number;
  lfs?: { sha256: string; size: number };
}

/**
 * The security scans (src/scanning/) as the content half sees them: what to queue when content
 * arrives, the scan policy's word before a file is served, and the Hub's per-file fields.
 */
export interface ContentScanning {
  /** These commits now sit on refs of the repo: their files without a scan result are queued. */
  contentAdded(repo: RepoRecord, commits: string[]): Promise<void>;
  /** An LFS object was stored for the repo (a mirror fetch): it is queued, ahead of the rest. */
  objectStored(repo: RepoRecord, object: { sha256: string; size: number; path?: string }): Promise<void>;
  /** Throws an HttpError when the policy holds the file back: 403 refused, 409 (Retry-After) pending. */
  gate(repo: RepoRecord, file: ScannedFile): Promise<void>;
  /**
   * The same rule for a git clone or fetch, which carries every blob the refs reach: throws as `gate`
   * when any of them is held back (LFS objects are not carried by git: their downloads are gated).
   */
  gateGitRead(repo: RepoRecord): Promise<void>;
  /** `securityFileStatus` of each file, by path (always an answer, `unscanned` when nothing is known). */
  statuses(files: ScannedFile[]): Promise<Map<string, SecurityFileStatus>>;
}
