/** The hub's shared vocabulary: repositories, viewers, files and commits. Imports nothing of the app. */

export type RepoType = "model" | "dataset" | "space" | "kernel";

const REPO_TYPE_NAMES: readonly string[] = ["model", "dataset", "space", "kernel"] satisfies RepoType[];

/** The repo type a user-given name denotes (`"kernel"`), or undefined for any other text. */
export function repoTypeNamed(name: string): RepoType | undefined {
  return REPO_TYPE_NAMES.includes(name) ? (name as RepoType) : undefined;
}

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
  /** Set on read-only mirrors of a repo of an upstream hub (see src/mirror/). */
  mirror?: { upstream: string };
  /** The user who created it (org contributors write only to their own repos). */
  createdBy?: string;
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

/** A file to commit through the content service (seeding, repo creation with files). */
export interface CommitFileInput {
  path: string;
  content: Uint8Array | string;
}

/** An LFS file of a repo revision, stored on this machine. */
export interface LocalLfsFile {
  path: string;
  size: number;
  sha256: string;
  /**
   * Absolute path of the stored object, or of its local copy when the store is remote (then present
   * only once `RepoContent.fetchLocalLfsFile` resolved).
   */
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
