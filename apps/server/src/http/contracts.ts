/**
 * Seams between the two halves of the server:
 * - platform (accounts, database, listings, repo records, search, CLI) and
 * - content (git repositories, blobs/LFS, commits, file serving, metadata derivation).
 * Platform builds these services and hands them to the content routes; content never touches the database.
 */
import type { Context, Hono } from "hono";

export type RepoType = "model" | "dataset" | "space";

export interface RepoRecord {
  type: RepoType;
  /** `owner/name` */
  id: string;
  owner: string;
  name: string;
  private: boolean;
  gated: false | "auto" | "manual";
  createdAt: Date;
  lastModified: Date;
  /** Head commit of the default branch, once the repo has one. */
  sha?: string;
  /** Library of a model (from the last derivation), used to pick the download-counting rule. */
  library_name?: string;
}

export interface Viewer {
  /** Authenticated user name, undefined for anonymous requests. */
  user?: string;
  /** Organisations the user belongs to. */
  orgs: string[];
  /** Role of the token used ("write" tokens may push). */
  role?: "read" | "write";
  isAdmin?: boolean;
}

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

/** A file as seen at one commit. `lfs` is set for files stored as LFS pointers. */
export interface FileEntry {
  path: string;
  size: number;
  /** git blob id */
  oid: string;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

/** What metadata derivation produces from a repo's files at one commit. */
export interface DerivedMetadata {
  cardData?: Record<string, unknown>;
  tags: string[];
  pipeline_tag?: string;
  library_name?: string;
  config?: Record<string, unknown>;
  transformersInfo?: Record<string, unknown>;
  widgetData?: Record<string, unknown>[];
  gguf?: Record<string, unknown>;
  /** Parameters per dtype and their total, from the safetensors headers (models). */
  safetensors?: { parameters: Record<string, number>; total: number };
  /** Space SDK (gradio, static, …) for spaces. */
  sdk?: string;
  /** Space card fields (title, emoji, colorFrom, colorTo, app_file, …) for spaces. */
  spaceFields?: Record<string, unknown>;
  /** Mask token from tokenizer_config.json (fill-mask widgets and snippets). */
  mask_token?: string;
  /** Whether the commit has a README.md. */
  cardExists?: boolean;
  /** Human-readable problems found while reading card or config files (the commit still lands). */
  warnings: string[];
  /** Total size of stored files in bytes. */
  usedStorage: number;
  /** The repo's files at that commit (path, size, LFS info). */
  siblings: FileEntry[];
}

export interface CommitSummary {
  sha: string;
  date: Date;
  title: string;
}

/** Platform side: stores derived metadata and download counts in the database. */
export interface RepoEvents {
  /** Called after every commit that moves the default branch (API commit, git push, seed). */
  commitLanded(repo: RepoRecord, commit: CommitSummary, derived: DerivedMetadata): Promise<void>;
  /** Called when a file download counts under the repo's library rule. */
  downloadCounted(repo: RepoRecord): Promise<void>;
}

/** Hono environment shared by every route: the authenticated viewer is set by platform middleware. */
export interface AppEnv {
  Variables: {
    viewer: Viewer;
  };
}

export type AppContext = Context<AppEnv>;

/** A file to commit through the content service (seeding, repo creation with files). */
export interface CommitFileInput {
  path: string;
  content: Uint8Array | string;
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
  /** Re-commits plain files at LFS-routed paths as LFS pointers (see repo-content.ts). Optional. */
  storeRoutedFilesInLfs?(
    repo: RepoRecord,
    input: { title: string; author: string; date?: Date },
  ): Promise<CommitSummary | undefined>;
  /** Derives the metadata of the repo at a commit again (upgrades fill in newly derived fields). Optional. */
  derive?(repo: RepoRecord, commit: string): Promise<DerivedMetadata>;
  /** Resolves a branch, tag or commit id to a full commit sha; undefined when unknown. Optional. */
  resolveRevision?(repo: RepoRecord, revision: string): Promise<string | undefined>;
  /** The git side of pull requests (`refs/pr/<n>`). Optional. */
  pullRequests?: PullRequestRefs;
  /**
   * The LFS files of a revision whose content lies in this machine's blob folder, with its local path
   * (in-process readers such as the embedded inference backend open them directly). Optional.
   */
  localLfsFiles?(repo: RepoRecord, revision: string): Promise<LocalLfsFile[]>;
}

/** An LFS file of a repo revision, stored on this machine. */
export interface LocalLfsFile {
  path: string;
  size: number;
  sha256: string;
  /** Absolute path of the stored object. */
  localPath: string;
}

/** A commit as a pull request lists it. */
export interface PullRequestCommit {
  oid: string;
  title: string;
  author: string;
  date: Date;
}

export type PullRequestMerge =
  { merged: true; commit: string; fastForward: boolean } | { merged: false; conflicts: string[] };

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

/** What platform hands to the content half when building its routes and service. */
export interface ContentDeps {
  access: RepoAccess;
  events: RepoEvents;
  dataDir: string;
  /** Absolute base URL users reach the hub at, without trailing slash. */
  publicUrl: string;
  logger: ContentLogger;
  /** Part size of multipart LFS uploads, in bytes. */
  lfsPartBytes?: number;
}

/** The subset of a pino logger the content half may use. */
export interface ContentLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What platform expects `src/content/index.ts` to export. */
export interface ContentModuleExports {
  createContentRoutes(deps: ContentDeps): Hono<AppEnv>;
  createRepoContent(deps: ContentDeps): RepoContent;
}
