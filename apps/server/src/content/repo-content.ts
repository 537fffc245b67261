import { createHash } from "node:crypto";
import { mkdir, rename, rm, stat, unlink } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { Readable } from "node:stream";
import { BlobMismatchError, type BlobStore } from "./blobs/blob-store.js";
import { FsBlobStore } from "./blobs/fs-blob-store.js";
import { deriveMetadata } from "./derive/derive-metadata.js";
import type { GgufFileInfo } from "./derive/gguf-summary.js";
import type { SafetensorsCache } from "./derive/safetensors-summary.js";
import type { RepoFiles } from "./derive/repo-files.js";
import { checkCommitDate } from "./commit/commit-date.js";
import { planIndexChanges, type CommitOperation, type PlanContext } from "./commit/plan-index-changes.js";
import { createBareLayout } from "./git/bare-layout.js";
import { writeCommit } from "./git/commit-writer.js";
import { DEFAULT_BRANCH, GitRepository } from "./git/git-repository.js";
import { ByteLru } from "./git/byte-lru.js";
import { KeyedMutex } from "./git/keyed-mutex.js";
import { LruCache } from "./git/lru-cache.js";
import { runGit } from "./git/run-git.js";
import { sliceStream } from "./git/slice-stream.js";
import { DEFAULT_GITATTRIBUTES, GitAttributes } from "./paths/gitattributes.js";
import { checkRepoPath, checkRevision } from "./paths/repo-path.js";
import { LfsLinks } from "./lfs/repo-links.js";
import { linkedObjectIds } from "./lfs/lfs-inventory.js";
import { objectDatabaseBytes } from "./git/object-bytes.js";
import { BlobQuarantine } from "./git/blob-quarantine.js";
import { boundedMap } from "./git/bounded-map.js";
import { loadSnapshot, type Snapshot } from "./snapshot.js";
import { crashPoint } from "./crash-point.js";
import { HttpError, conflict, entryNotFound, revisionNotFound } from "../domain/errors.js";
import type {
  CacheSignals,
  ContentScanning,
  KeyedLock,
  LfsPullThrough,
  RepoEvents,
} from "../domain/ports.js";
import type { DerivedMetadata, RepoRecord, RepoType } from "../domain/repo.js";

export interface ContentLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RepoContentDeps {
  dataDir: string;
  events: RepoEvents;
  logger: ContentLogger;
  /** Defaults to a local folder under `<dataDir>/lfs`. */
  blobs?: BlobStore;
  /** Per-repository write lock; an in-process mutex by default, an advisory lock across replicas. */
  locks?: KeyedLock;
  /** Tells other replicas that a repository's refs moved (their resolved revisions are stale). */
  signals?: CacheSignals;
  /**
   * This process's temp folder (commit indexes, push quarantine); default `<dataDir>/tmp`. With
   * `sharedFolders` it is not emptied at start (another replica may be using it): gc sweeps old files.
   */
  tmpDir?: string;
  /** The git and LFS folders are shared with other replicas. */
  sharedFolders?: boolean;
}

const REFS_TOPIC = "refs";

/** Identifies a repository; a RepoRecord is one. */
export type RepoKey = Pick<RepoRecord, "type" | "id">;

export type { CommitOperation } from "./commit/plan-index-changes.js";

export interface CommitRequest {
  branch?: string;
  title: string;
  description?: string;
  /** User name recorded as author and committer. */
  author: string;
  parentCommit?: string;
  operations: CommitOperation[];
}

export interface CommitResult {
  commit: string;
  branch: string;
  /** Same as `commit`; with `date` and `title` this is also a CommitSummary. */
  sha: string;
  date: Date;
  title: string;
}

export interface CommitFilesInput {
  files: { path: string; content: Buffer | string }[];
  deletions?: string[];
  title: string;
  description?: string;
  author: string;
  parentCommit?: string;
  branch?: string;
  /**
   * Author and committer date of the commit (e.g. a seeded repo's "last updated"); default: now.
   * Must not be before 2000 or more than a minute ahead of this machine's clock.
   */
  date?: Date;
}

const REPO_SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const MAX_DERIVE_READ = 16 * 1024 * 1024;
const SMALL_BLOB_BYTES = 256 * 1024;
/** Where the dataset viewer commits its Parquet conversion, as the Hub does. */
export const CONVERTED_PARQUET_REF = "refs/convert/parquet";

/** Git repositories + LFS blobs of every repo: the single commit path, file reads and derivation. */
export class RepoContent {
  readonly blobs: BlobStore;
  readonly reposRoot: string;
  readonly tmpDir: string;
  private readonly mutex: KeyedLock;
  private readonly signals: CacheSignals | undefined;
  /** Moves with every forget, so a resolve racing with a ref move never caches the old commit. */
  private refInvalidations = 0;
  private readonly snapshots = new LruCache<string, Snapshot>(256);
  private readonly revisions = new LruCache<string, string>(4096);
  private readonly derived = new LruCache<string, DerivedMetadata>(512);
  private readonly ggufCache = new Map<string, GgufFileInfo>();
  private readonly safetensorsCache: SafetensorsCache = new Map();
  private readonly smallBlobs = new ByteLru(64 * 1024 * 1024);
  private readonly lfsLinks: LfsLinks;
  /** Set when this hub mirrors an upstream hub: LFS objects of mirrored repos come through it. */
  pullThrough: LfsPullThrough | undefined;
  /** The security scans: told of new content, asked before a file is served (src/scanning/). */
  scanning: ContentScanning | undefined;

  constructor(private readonly deps: RepoContentDeps) {
    this.reposRoot = join(deps.dataDir, "repos");
    this.tmpDir = deps.tmpDir ?? join(deps.dataDir, "tmp");
    this.lfsLinks = new LfsLinks(join(deps.dataDir, "lfs-links"));
    this.blobs = deps.blobs ?? new FsBlobStore(join(deps.dataDir, "lfs"));
    this.mutex = deps.locks ?? localLock();
    this.signals = deps.signals;
    this.signals?.subscribe(REFS_TOPIC, (key) =>
      this.forgetLocally(key === "*" ? "" : join(this.reposRoot, key)),
    );
  }

  /**
   * Prepares folders and removes leftovers of an interrupted run (temp indexes, partial blobs); with
   * folders shared by replicas, leftovers are left to gc (they may be another replica's work in progress).
   */
  async start(): Promise<void> {
    await mkdir(this.reposRoot, { recursive: true });
    if (!this.deps.sharedFolders || this.deps.tmpDir) await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
    if (this.blobs instanceof FsBlobStore) await this.blobs.init(!this.deps.sharedFolders);
  }

  get logger(): ContentLogger {
    return this.deps.logger;
  }

  get dataDir(): string {
    return this.deps.dataDir;
  }

  /** `<dataDir>/repos/<type>s/<owner>/<name>.git` */
  repoDir(repo: RepoKey): string {
    const [owner, name, extra] = repo.id.split("/");
    if (!owner || !name || extra !== undefined || !REPO_SEGMENT.test(owner) || !REPO_SEGMENT.test(name)) {
      throw new HttpError(400, `Invalid repo id: ${repo.id}`);
    }
    return join(this.reposRoot, `${repo.type}s`, owner, `${name}.git`);
  }

  git(repo: RepoKey): GitRepository {
    return new GitRepository(this.repoDir(repo));
  }

  async exists(repo: RepoKey): Promise<boolean> {
    try {
      await stat(join(this.repoDir(repo), "HEAD"));
      return true;
    } catch {
      return false;
    }
  }

  /** Creates the bare repository with an initial commit holding a default .gitattributes. Idempotent. */
  async init(repo: RepoRecord, author = repo.owner): Promise<string> {
    const dir = this.repoDir(repo);
    return this.mutex.run(this.lockKey(dir), async () => {
      if (!(await this.exists(repo))) {
        // what a late background write (LFS link, loose object) left behind a deleted repo: not a repo
        await rm(dir, { recursive: true, force: true });
        await mkdir(dirname(dir), { recursive: true });
        const staging = `${dir}.init-${process.pid}-${Date.now()}`;
        await createBareLayout(staging, DEFAULT_BRANCH);
        await rename(staging, dir);
      }
      const git = new GitRepository(dir);
      const head = await git.headOf(DEFAULT_BRANCH);
      if (head) return head;
      const blob = await this.hashBlob(repo, DEFAULT_GITATTRIBUTES);
      return (
        await this.commitLocked(repo, git, {
          title: "initial commit",
          author,
          operations: [{ kind: "file", path: ".gitattributes", blob }],
        })
      ).commit;
    });
  }

  async remove(repo: RepoKey): Promise<void> {
    const dir = this.repoDir(repo);
    await this.mutex.run(this.lockKey(dir), async () => {
      // Background work outside the lock (a Parquet conversion linking its shards) may still write
      // into the folder: move it aside in one step, so the repo is gone at once and rm never races.
      const doomed = `${dir}.deleted-${process.pid}-${Date.now()}`;
      try {
        await rename(dir, doomed);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      } finally {
        this.forget(dir);
      }
      await rm(doomed, { recursive: true, force: true, maxRetries: 5 });
    });
  }

  async move(from: RepoKey, to: RepoKey): Promise<void> {
    const source = this.repoDir(from);
    const target = this.repoDir(to);
    await this.mutex.run(this.lockKey(source), async () => {
      if (!(await this.exists(from))) return;
      if (await this.exists(to)) throw conflict(`Repository ${to.id} already exists`);
      await mkdir(dirname(target), { recursive: true });
      await rename(source, target);
      this.forget(source);
      this.forget(target);
    });
  }

  /** Stores an uploaded LFS object (hash and size verified) and allows the repo to use it. */
  async storeLfsObject(repo: RepoKey, oid: string, size: number, body: Readable): Promise<void> {
    await this.blobs.put(oid, size, body);
    await this.lfsLinks.link(this.repoDir(repo), namespaceOf(repo), oid);
  }

  /**
   * Makes a verified file (sha256 and size already checked by the caller, same filesystem) the stored
   * object `oid` and allows the repo to use it. Only the local-folder store can adopt files.
   */
  async adoptLfsObject(repo: RepoKey, oid: string, file: string): Promise<void> {
    if (!(this.blobs instanceof FsBlobStore))
      throw new Error("only the local-folder blob store can adopt files");
    const target = this.blobs.objectPath(oid);
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
    await this.lfsLinks.link(this.repoDir(repo), namespaceOf(repo), oid);
  }

  /**
   * With a store clients upload to directly: checks the bytes this repo staged for `oid` and makes them
   * the object (bounded worker pool, see blobs/s3/s3-direct.ts), then allows the repo to use it.
   * Returns the stored size, or undefined when nothing was staged; rejects with BlobMismatchError.
   */
  async promoteStagedLfsObject(repo: RepoKey, oid: string, size?: number): Promise<number | undefined> {
    const direct = this.blobs.direct;
    if (!direct || !(await direct.promote(stagingScope(repo), oid, size))) return undefined;
    await this.lfsLinks.link(this.repoDir(repo), namespaceOf(repo), oid);
    return this.blobs.stat(oid);
  }

  /** Commits may name objects a client uploaded but never verified (the web, `@huggingface/hub`). */
  private async promoteStagedFor(repo: RepoKey, operations: CommitOperation[]): Promise<void> {
    if (!this.blobs.direct) return;
    for (const operation of operations) {
      if (operation.kind !== "lfs" || (await this.hasLfsObject(repo, operation.oid)) !== undefined) continue;
      // a mismatch surfaces as "not uploaded" when the commit is planned
      await this.promoteStagedLfsObject(repo, operation.oid, operation.size).catch((error: unknown) => {
        if (!(error instanceof BlobMismatchError)) throw error;
      });
    }
  }

  /** Allows the repo to use an object already in the store (a mirror adopting what it holds). */
  async linkLfsObject(repo: RepoKey, oid: string): Promise<void> {
    await this.lfsLinks.link(this.repoDir(repo), namespaceOf(repo), oid);
  }

  /** The namespaces whose repos may use this stored object (uploaded, claimed or adopted there). */
  lfsNamespacesOf(oid: string): Promise<string[]> {
    return this.lfsLinks.namespacesHolding(oid);
  }

  /** Where the LFS blob store keeps temporary files (same filesystem as the objects), if local. */
  lfsTmpDir(): string | undefined {
    return this.blobs instanceof FsBlobStore ? join(this.deps.dataDir, "lfs", "tmp") : undefined;
  }

  /** Withdraws the repo's claim on an object deleted permanently (see LfsLinks.unlinkRepo). */
  async disownLfsObject(repo: RepoKey, oid: string): Promise<void> {
    await this.lfsLinks.unlinkRepo(this.repoDir(repo), oid);
  }

  /**
   * Removes an object no repository claims any more from storage, with every link to it, unless it was
   * stored, touched (a batch answer, a commit's claim, a download) or linked to a namespace after
   * `unusedSince`: then someone is about to use it, and gc frees it later if nobody does. True when freed.
   */
  async freeLfsObject(oid: string, unusedSince?: number): Promise<boolean> {
    if (unusedSince !== undefined) {
      const lastUsed = await this.blobs.lastUsedMs?.(oid);
      if (lastUsed !== undefined && lastUsed > unusedSince) return false;
      if (await this.lfsLinks.linkedSince(oid, unusedSince)) return false;
    }
    await this.blobs.delete(oid);
    await this.lfsLinks.unlinkEverywhere(oid, []);
    return true;
  }

  /** 410 when the repo's owner deleted this object permanently, so a pointer left to it serves nothing. */
  async refuseDeletedLfsObject(repo: RepoKey, oid: string, path: string): Promise<void> {
    if (await this.lfsLinks.deletedFrom(this.repoDir(repo), oid))
      throw new HttpError(
        410,
        `The LFS file of ${path} was permanently deleted from this repository`,
        "EntryNotFound",
      );
  }

  /** A place for a commit request's blobs until the request is accepted (see BlobQuarantine). */
  openBlobQuarantine(repo: RepoKey): Promise<BlobQuarantine> {
    return BlobQuarantine.open(this.repoDir(repo));
  }

  /** Whether the repo holds its own claim on this object (it counts in the repo's storage). */
  lfsClaimedBy(repo: RepoKey, oid: string): Promise<boolean> {
    return this.lfsLinks.claimedBy(this.repoDir(repo), oid);
  }

  /**
   * The repo's storage as the Hub's storage page counts it: every LFS object it claims, once, whatever
   * the number of revisions using it, plus the bytes of its git repository.
   */
  async storageBytes(repo: RepoKey): Promise<{ lfsBytes: number; gitBytes: number }> {
    const dir = this.repoDir(repo);
    const sizes = await boundedMap(
      await linkedObjectIds(dir),
      16,
      async (oid) => (await this.blobs.stat(oid)) ?? 0,
    );
    const lfsBytes = sizes.reduce((sum, size) => sum + size, 0);
    return { lfsBytes, gitBytes: await objectDatabaseBytes(dir) };
  }

  /** Whether the repo may use (and already holds) this LFS object. */
  async hasLfsObject(repo: RepoKey, oid: string): Promise<number | undefined> {
    const size = await this.blobs.stat(oid);
    if (size === undefined || !(await this.lfsLinks.usable(this.repoDir(repo), namespaceOf(repo), oid)))
      return undefined;
    await this.blobs.touch?.(oid);
    return size;
  }

  /** Writes content into the repo's object database and returns the git blob id. */
  async hashBlob(repo: RepoKey, content: Buffer | string | Readable): Promise<string> {
    if (typeof content === "string" || Buffer.isBuffer(content))
      return this.git(repo).objects.write(
        "blob",
        Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8"),
      );
    const result = await runGit(["hash-object", "-w", "--stdin"], {
      gitDir: this.repoDir(repo),
      input: content,
    });
    return result.stdout.toString("utf8").trim();
  }

  /** Commits plain files (seeding, tests); goes through the same path as the HTTP commit API. */
  async commitFiles(repo: RepoRecord, input: CommitFilesInput): Promise<CommitResult> {
    const { date, ...request } = input;
    if (date) checkCommitDate(date);
    if (!(await this.exists(repo))) await this.init(repo, input.author);
    const operations: CommitOperation[] = [];
    for (const file of input.files) {
      const path = checkRepoPath(file.path);
      operations.push({ kind: "file", path, blob: await this.hashBlob(repo, file.content) });
    }
    for (const path of input.deletions ?? []) operations.push({ kind: "delete", path: checkRepoPath(path) });
    const git = this.git(repo);
    return this.mutex.run(this.lockKey(git.dir), () =>
      this.commitLocked(repo, git, { ...request, operations }, date),
    );
  }

  /**
   * Lands the files of `from` at `revision` on `to`'s default branch in one commit (duplicating a repo):
   * git objects are fetched from the source repository, LFS objects are linked, not copied.
   */
  async copyFiles(
    from: RepoRecord,
    to: RepoRecord,
    revision: string,
    request: { title: string; author: string },
  ): Promise<CommitResult> {
    const commit = await this.resolveOrThrow(from, revision);
    const snapshot = await this.snapshot(from, commit);
    if (!(await this.exists(to))) await this.init(to, request.author);
    const git = this.git(to);
    await git.git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", this.repoDir(from), commit]);
    for (const file of snapshot.files) if (file.lfs) await this.linkLfsObject(to, file.lfs.sha256);
    const operations: CommitOperation[] = snapshot.files.map((file) => ({
      kind: "file",
      path: file.path,
      blob: file.oid,
    }));
    return this.mutex.run(this.lockKey(git.dir), () =>
      this.commitLocked(to, git, { ...request, operations }),
    );
  }

  /**
   * Commits the plain files of the default branch that its .gitattributes routes through LFS again, so
   * they become LFS pointers (repos written before commits did that). Undefined when there are none.
   */
  async storeRoutedFilesInLfs(
    repo: RepoRecord,
    request: Pick<CommitRequest, "title" | "author"> & { date?: Date },
  ): Promise<CommitResult | undefined> {
    const git = this.git(repo);
    return this.mutex.run(this.lockKey(git.dir), async () => {
      const head = await git.headOf(DEFAULT_BRANCH);
      if (!head) return undefined;
      const snapshot = await this.snapshotOf(git, head);
      const stored = snapshot.byPath.get(".gitattributes");
      const attributes = new GitAttributes(
        stored?.type === "file" ? (await git.readBlob(stored.oid)).toString("utf8") : "",
      );
      const operations: CommitOperation[] = snapshot.files
        .filter((file) => !file.lfs && file.size > 0 && attributes.isLfs(file.path))
        .map((file) => ({ kind: "file", path: file.path, blob: file.oid }));
      if (operations.length === 0) return undefined;
      const { date, ...rest } = request;
      return this.commitLocked(repo, git, { ...rest, operations }, date);
    });
  }

  /** The single commit path: builds a commit off-branch, then moves the branch with compare-and-swap. */
  async commit(repo: RepoRecord, request: CommitRequest): Promise<CommitResult> {
    const git = this.git(repo);
    if (!(await this.exists(repo))) await this.init(repo, request.author);
    await this.promoteStagedFor(repo, request.operations);
    return this.mutex.run(this.lockKey(git.dir), () => this.commitLocked(repo, git, request));
  }

  /**
   * Replaces `refs/convert/parquet`, the dataset viewer's Parquet export, with one parentless commit
   * of exactly `operations`; the default branch stays put. Not reachable through the commit API.
   */
  async commitConvertedParquet(
    repo: RepoRecord,
    request: Omit<CommitRequest, "branch">,
  ): Promise<CommitResult> {
    const git = this.git(repo);
    return this.mutex.run(this.lockKey(git.dir), () =>
      this.commitLocked(repo, git, { ...request, branch: CONVERTED_PARQUET_REF }, new Date(), true),
    );
  }

  private async commitLocked(
    repo: RepoRecord,
    git: GitRepository,
    request: CommitRequest,
    date = new Date(),
    internalRef = false,
  ): Promise<CommitResult> {
    const branch = internalRef
      ? (request.branch ?? DEFAULT_BRANCH)
      : checkRevision(request.branch ?? DEFAULT_BRANCH);
    // `refs/pr/<n>` (a pull request) is committed to as a full ref; anything else is a branch name.
    const ref = internalRef || /^refs\/pr\/[1-9][0-9]*$/.test(branch) ? branch : `refs/heads/${branch}`;
    const head = ref === branch ? await git.resolveCommit(ref) : await git.headOf(branch);
    if (!head && branch !== DEFAULT_BRANCH && !internalRef) throw revisionNotFound(branch);
    if (request.parentCommit && request.parentCommit !== head) {
      // 412 Precondition Failed, as the Hub answers a stale `parentCommit`
      throw new HttpError(
        412,
        // the Hub's wordings (older and newer), which huggingface_hub 0.x and 1.x match
        `A commit has happened since. Please refresh and try again. The branch was updated since you opened this page. Please refresh and try again. (parent commit ${request.parentCommit} is not the head of ${branch}: ${head ?? "none"})`,
      );
    }
    // the Parquet ref holds one orphan commit (as on the Hub): older conversions become garbage
    const parent = internalRef ? undefined : head;
    const base = parent ? await this.snapshotOf(git, parent) : undefined;
    const changes = await planIndexChanges(this.planContext(repo, git), base, request.operations);
    const message = request.description
      ? `${request.title}\n\n${request.description}\n`
      : `${request.title}\n`;
    const commit = await writeCommit(
      git,
      {
        base: parent,
        changes,
        message,
        author: { name: request.author, email: `${request.author}@users.noreply.modelhub`, date },
      },
      this.tmpDir,
    );
    if (!(await this.moveRef(git, ref, commit, head ?? ""))) {
      throw conflict(`Branch ${branch} moved during the commit; retry with the new head`);
    }
    this.forget(git.dir);
    this.deps.logger.info({ repo: `${repo.type}:${repo.id}`, branch, commit }, "commit landed");
    crashPoint("after-ref-move");
    // queued in the background: the scan policy's gate queues a file itself if a download comes first
    if (!internalRef) void this.contentAdded(repo, [commit]);
    if (branch === DEFAULT_BRANCH) await this.announce(repo, commit);
    // git keeps whole seconds; report the date exactly as stored.
    const stored = new Date(Math.floor(date.getTime() / 1000) * 1000);
    return { commit, branch, sha: commit, date: stored, title: request.title };
  }

  /**
   * Commits onto a new `refs/pr/<n>` starting at `parentCommit` (or the branch head); the branch stays put.
   * `number` is the pull request's number when the platform gave one (default: after the highest ref).
   */
  async commitPullRequest(
    repo: RepoRecord,
    request: CommitRequest,
    number?: number,
  ): Promise<CommitResult & { pullRequest: number }> {
    const git = this.git(repo);
    if (!(await this.exists(repo))) await this.init(repo, request.author);
    await this.promoteStagedFor(repo, request.operations);
    return this.mutex.run(this.lockKey(git.dir), async () => {
      const branch = checkRevision(request.branch ?? DEFAULT_BRANCH);
      const base = request.parentCommit ?? (await git.headOf(branch));
      if (!base) throw revisionNotFound(branch);
      if (!(await git.objectExists(`${base}^{commit}`))) throw revisionNotFound(base);
      const numbers = (await git.refs())
        .map((ref) => /^refs\/pr\/(\d+)$/.exec(ref.ref)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number);
      const pullRequest = number ?? Math.max(0, ...numbers) + 1;
      const changes = await planIndexChanges(
        this.planContext(repo, git),
        await this.snapshotOf(git, base),
        request.operations,
      );
      const message = request.description
        ? `${request.title}\n\n${request.description}\n`
        : `${request.title}\n`;
      const commit = await writeCommit(
        git,
        {
          base,
          changes,
          message,
          author: { name: request.author, email: `${request.author}@users.noreply.modelhub` },
        },
        this.tmpDir,
      );
      if (!(await this.moveRef(git, `refs/pr/${pullRequest}`, commit, "")))
        throw conflict(`Pull request ${pullRequest} already exists; retry`);
      this.forget(git.dir);
      void this.contentAdded(repo, [commit]);
      return {
        commit,
        branch: `refs/pr/${pullRequest}`,
        sha: commit,
        date: new Date(),
        title: request.title,
        pullRequest,
      };
    });
  }

  private planContext(repo: RepoKey, git: GitRepository): PlanContext {
    return {
      blobs: this.blobs,
      git,
      writeBlob: (content) => this.hashBlob(repo, content),
      claimLfsObject: async (oid) => {
        if (!(await this.lfsLinks.usable(git.dir, namespaceOf(repo), oid))) return false;
        await this.lfsLinks.linkRepo(git.dir, oid);
        await this.blobs.touch?.(oid);
        return true;
      },
      storeLfsContent: async (content) => {
        const oid = createHash("sha256").update(content).digest("hex");
        if ((await this.blobs.stat(oid)) === undefined)
          await this.blobs.put(oid, content.length, Readable.from([content]));
        await this.lfsLinks.link(git.dir, namespaceOf(repo), oid);
        return { oid, size: content.length };
      },
    };
  }

  /** update-ref with compare-and-swap; a lock file left by a killed process is removed once and retried. */
  async moveRef(git: GitRepository, ref: string, next: string, expectedOld: string): Promise<boolean> {
    if (await git.updateRef(ref, next, expectedOld)) return true;
    const lock = join(git.dir, `${ref}.lock`);
    const stale = await stat(lock).then(
      () => true,
      () => false,
    );
    if (!stale) return false;
    // Only the holder of the repo lock (on every replica) writes its refs, and that is us: the lock is stale.
    await unlink(lock).catch(() => undefined);
    return git.updateRef(ref, next, expectedOld);
  }

  /** Recomputes metadata of the default branch head and hands it to the platform. */
  async announce(repo: RepoRecord, commit: string): Promise<void> {
    const git = this.git(repo);
    const [info] = await git.log(commit, { limit: 1 });
    let derived: DerivedMetadata;
    try {
      derived = await this.deriveAt(repo, commit);
    } catch (error) {
      this.deps.logger.error({ repo: repo.id, commit, err: String(error) }, "metadata derivation failed");
      const snapshot = await this.snapshotOf(git, commit);
      derived = {
        tags: [],
        warnings: [`metadata derivation failed: ${String(error)}`],
        usedStorage: 0,
        siblings: snapshot.files,
      };
    }
    await this.deps.events.commitLanded(
      repo,
      { sha: commit, date: info?.date ?? new Date(), title: info?.title ?? "" },
      derived,
    );
  }

  /**
   * Tells the scans these commits sit on refs now (their new files are queued). The scans run later, in
   * the background; a failure to queue never fails the write (it is logged).
   */
  async contentAdded(repo: RepoRecord, commits: string[]): Promise<void> {
    if (!this.scanning || commits.length === 0) return;
    try {
      await this.scanning.contentAdded(repo, commits);
    } catch (error) {
      this.deps.logger.warn(
        { repo: repo.id, err: String(error) },
        "queueing the new files for scanning failed",
      );
    }
  }

  /** Drops cached revisions and snapshots of a repo after its refs changed, here and on other replicas. */
  forget(dir: string): void {
    this.forgetLocally(dir);
    this.signals?.publish(REFS_TOPIC, relative(this.reposRoot, dir));
  }

  /** `dir` "" drops every repo's cached revisions. */
  private forgetLocally(dir: string): void {
    this.refInvalidations++;
    this.revisions.deleteWhere((key) => dir === "" || key.startsWith(`${dir}\0`));
  }

  /** Resolves a revision to a commit id; undefined when the repo or revision does not exist. */
  async resolve(repo: RepoKey, rev: string): Promise<string | undefined> {
    const revision = checkRevision(rev);
    const dir = this.repoDir(repo);
    const key = `${dir}\0${revision}`;
    const cached = this.revisions.get(key);
    if (cached) return cached;
    const generation = this.refInvalidations;
    if (!(await this.exists(repo))) return undefined;
    const commit = await new GitRepository(dir).resolveCommit(revision);
    if (commit && generation === this.refInvalidations) this.revisions.set(key, commit);
    return commit;
  }

  async resolveOrThrow(repo: RepoKey, rev: string): Promise<string> {
    const commit = await this.resolve(repo, rev);
    if (!commit) throw revisionNotFound(rev);
    return commit;
  }

  private async snapshotOf(git: GitRepository, commit: string): Promise<Snapshot> {
    const key = `${git.dir}\0${commit}`;
    const cached = this.snapshots.get(key);
    if (cached) return cached;
    const snapshot = await loadSnapshot(git, commit);
    this.snapshots.set(key, snapshot);
    return snapshot;
  }

  async snapshot(repo: RepoKey, rev: string): Promise<Snapshot> {
    return this.snapshotOf(this.git(repo), await this.resolveOrThrow(repo, rev));
  }

  async listFiles(repo: RepoKey, rev: string) {
    return (await this.snapshot(repo, rev)).files;
  }

  /**
   * Streams a file's content (LFS resolved), optionally a byte range of it. A download (`pull`) of a
   * mirrored repo's LFS file that is not stored yet comes from the upstream through `pullThrough`.
   */
  async openFile(
    repo: RepoKey,
    snapshot: Snapshot,
    path: string,
    range?: { start: number; end: number },
    pull = false,
  ): Promise<Readable> {
    const entry = snapshot.byPath.get(path);
    if (!entry || entry.type !== "file") throw entryNotFound(path, snapshot.commit);
    if (entry.lfs) {
      const mirrored = pull && this.pullThrough && isMirrored(repo) ? repo : undefined;
      if ((await this.hasLfsObject(repo, entry.lfs.sha256)) === undefined) {
        await this.refuseDeletedLfsObject(repo, entry.lfs.sha256, path);
        if (mirrored && this.pullThrough)
          return this.pullThrough.open(mirrored, { ...entry.lfs, path, commit: snapshot.commit }, range);
        throw new HttpError(404, `LFS object of ${path} is missing from storage`, "EntryNotFound");
      }
      if (mirrored && this.pullThrough) {
        const pullThrough = this.pullThrough;
        // the mirror's cache cap may evict the object between the look and the open: fetch it again
        const stored = await this.blobs.open(entry.lfs.sha256, range).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          return undefined;
        });
        if (!stored)
          return pullThrough.open(mirrored, { ...entry.lfs, path, commit: snapshot.commit }, range);
        pullThrough.served(mirrored, entry.lfs.sha256, range ? range.end - range.start + 1 : entry.lfs.size);
        return stored;
      }
      return this.blobs.open(entry.lfs.sha256, range);
    }
    return this.openGitBlob(repo, entry.oid, range, entry.size);
  }

  /**
   * Streams a git blob as stored (for LFS files: the pointer text). Small blobs are served from memory:
   * they are immutable (named by their hash) and spawning git per download would dominate.
   */
  async openGitBlob(
    repo: RepoKey,
    oid: string,
    range?: { start: number; end: number },
    size?: number,
  ): Promise<Readable> {
    const data = size === undefined ? undefined : await this.smallBlob(repo, oid, size);
    if (data) return Readable.from([range ? data.subarray(range.start, range.end + 1) : data]);
    const stream = this.git(repo).blobStream(oid);
    return range ? sliceStream(stream, range.start, range.end) : stream;
  }

  /** A git blob of at most 256 KiB, kept in memory by oid; undefined for a larger one (stream it). */
  async smallBlob(repo: RepoKey, oid: string, size: number): Promise<Buffer | undefined> {
    if (size > SMALL_BLOB_BYTES) return undefined;
    let data = this.smallBlobs.get(oid);
    if (!data) {
      data = await this.git(repo).readBlob(oid);
      this.smallBlobs.set(oid, data);
    }
    return data;
  }

  /** Content of a file at a revision (LFS resolved), or undefined when absent. */
  async readFile(repo: RepoKey, rev: string, path: string): Promise<Buffer | undefined> {
    const snapshot = await this.snapshot(repo, rev);
    if (snapshot.byPath.get(checkRepoPath(path))?.type !== "file") return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openFile(repo, snapshot, path)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async derive(repo: RepoKey, rev: string): Promise<DerivedMetadata> {
    return this.deriveAt(repo, await this.resolveOrThrow(repo, rev));
  }

  private async deriveAt(repo: RepoKey, commit: string): Promise<DerivedMetadata> {
    const dir = this.repoDir(repo);
    const key = `${dir}\0${commit}`;
    const cached = this.derived.get(key);
    if (cached) return cached;
    const snapshot = await this.snapshotOf(new GitRepository(dir), commit);
    const files: RepoFiles = {
      type: repo.type as RepoType,
      files: snapshot.files,
      read: async (path, maxBytes) => {
        const entry = snapshot.byPath.get(path);
        if (!entry || entry.size > Math.min(maxBytes, MAX_DERIVE_READ)) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of await this.openFile(repo, snapshot, path)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      open: (path) => this.openFile(repo, snapshot, path),
    };
    if (this.ggufCache.size > 2000) this.ggufCache.clear();
    if (this.safetensorsCache.size > 5000) this.safetensorsCache.clear();
    const derived = await deriveMetadata(files, { gguf: this.ggufCache, safetensors: this.safetensorsCache });
    this.derived.set(key, derived);
    return derived;
  }

  /** Library of the repo at a commit (for download counting). */
  async libraryAt(repo: RepoKey, commit: string): Promise<string | undefined> {
    return (await this.deriveAt(repo, commit)).library_name;
  }

  /** The lock name of a repository: its path under the repos folder, the same on every replica. */
  private lockKey(dir: string): string {
    return relative(this.reposRoot, dir);
  }

  /** Runs work on a repo while holding its commit lock (git push uses this too). */
  withRepoLock<T>(repo: RepoKey, work: () => Promise<T>): Promise<T> {
    return this.mutex.run(this.lockKey(this.repoDir(repo)), work);
  }
}

function localLock(): KeyedLock {
  const mutex = new KeyedMutex();
  return { run: (key, work) => mutex.run(key, work) };
}

function isMirrored(repo: RepoKey): repo is RepoRecord {
  return (repo as Partial<RepoRecord>).mirror !== undefined;
}

/** Where this repo's presigned uploads wait for their check (no other repo can overwrite them). */
export function stagingScope(repo: RepoKey): string {
  return createHash("sha256").update(`${repo.type}:${repo.id}`).digest("hex").slice(0, 32);
}

function namespaceOf(repo: RepoKey): string {
  return repo.id.split("/")[0];
}

export function createRepoContent(deps: RepoContentDeps): RepoContent {
  return new RepoContent(deps);
}
