import type { Kysely } from "kysely";
import type { RepoContent } from "../content/repo-content.js";
import type { Database } from "../db/schema.js";
import { badRequest, repoNotFound } from "../domain/errors.js";
import type { RepoType } from "../domain/repo.js";
import { toRepoRecord, type RepoRow, type Repos } from "../platform/repos.js";
import { CacheEvictor } from "./eviction.js";
import { MirrorFileCache } from "./file-cache.js";
import { MirrorRecords } from "./records.js";
import { RepoMirror } from "./repo-mirror.js";
import type { MirrorSettings } from "./settings.js";
import { MirrorStats } from "./stats.js";
import { UpstreamClient } from "./upstream-client.js";

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A pull reports the bytes of the file in transfer at most this often. */
const PROGRESS_EVERY_MS = 200;

export interface PullProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  /** The file in transfer, and its size. */
  path?: string;
  fileSize?: number;
}

/** What `GET /api/admin/mirror` answers. */
export interface MirrorReport {
  upstream: string;
  offline: boolean;
  upstreamReachable: boolean;
  refreshSeconds: number;
  cacheCapBytes: number | null;
  cachedBytes: number;
  hits: number;
  misses: number;
  bytesSaved: number;
  bytesFetched: number;
  evictions: number;
  verificationFailures: number;
  upstreamErrors: number;
  recentErrors: { at: string; message: string }[];
  inFlight: { oid: string; size: number; written: number }[];
  rules: { allow: string[]; deny: string[] };
  repos: {
    id: string;
    type: RepoType;
    sha: string | null;
    gated: string;
    refreshedAt: string;
    files: number;
    bytes: number;
    pinnedBytes: number;
    hits: number;
  }[];
}

/** The upstream mirror, wired: lazy repos, the file cache, eviction, pinning and the report. */
export class MirrorService {
  readonly upstream: UpstreamClient;
  readonly records: MirrorRecords;
  readonly stats: MirrorStats;
  readonly repoMirror: RepoMirror;
  readonly files: MirrorFileCache;
  private readonly evictor: CacheEvictor;

  constructor(
    readonly settings: MirrorSettings,
    private readonly deps: { db: Kysely<Database>; repos: Repos; content: RepoContent; logger: Logger },
  ) {
    this.stats = new MirrorStats(deps.db);
    this.upstream = new UpstreamClient(settings, () => this.stats.upstreamErrors++);
    this.records = new MirrorRecords(deps.db);
    this.repoMirror = new RepoMirror({
      settings,
      upstream: this.upstream,
      repos: deps.repos,
      content: deps.content,
      records: this.records,
      stats: this.stats,
      logger: deps.logger,
    });
    this.evictor = new CacheEvictor(
      settings.cacheBytes,
      this.records,
      deps.content.blobs,
      this.stats,
      (err) => deps.logger.error({ err: String(err) }, "mirror: eviction failed"),
      (oid) => this.usedLocally(oid),
    );
    this.files = new MirrorFileCache({
      content: deps.content,
      upstream: this.upstream,
      records: this.records,
      stats: this.stats,
      logger: deps.logger,
      rowIdOf: async (repo) => (await deps.repos.find(repo.type, repo.id))?.id,
      afterAdd: () => void this.evictor.schedule(),
    });
  }

  /** Plugs the mirror into the repo look-up and the LFS reads; loads the counters of earlier runs. */
  async install(): Promise<void> {
    await this.stats.load();
    this.deps.repos.setFallback(this.repoMirror);
    this.deps.content.pullThrough = this.files;
  }

  /** Writes the counters (the hub is stopping). */
  close(): Promise<void> {
    return this.stats.close();
  }

  /** Enforces the cache cap now (start-up, tests). */
  evict(): Promise<void> {
    return this.evictor.schedule();
  }

  /**
   * Whether a repo of this hub (not a mirror) may use the object: it was uploaded or claimed in a
   * namespace that holds a local repo. Such objects are never evicted.
   */
  private async usedLocally(oid: string): Promise<boolean> {
    for (const namespace of await this.deps.content.lfsNamespacesOf(oid)) {
      const local = await this.deps.db
        .selectFrom("repos")
        .select("id")
        .where("owner", "=", namespace)
        .where("mirror_upstream", "is", null)
        .limit(1)
        .executeTakeFirst();
      if (local) return true;
    }
    return false;
  }

  /**
   * A mirrored repo, mirrored now when new. `visible` says whether the caller may see a repo: one it
   * may not see answers exactly like a missing id (a private local repo is never told apart). `fresh`
   * asks the upstream even about an id it recently did not show.
   */
  async mirroredRow(
    type: RepoType,
    id: string,
    options: { visible?: (row: RepoRow) => boolean; fresh?: boolean } = {},
  ): Promise<RepoRow> {
    if (options.fresh) this.repoMirror.forgetMiss(type, id);
    const row = await this.deps.repos.findForRead(type, id);
    if (!row || (options.visible && !options.visible(row))) throw repoNotFound();
    if (!row.mirror_upstream) throw badRequest(`${row.full_id} is a repo of this hub, not a mirror`);
    return row;
  }

  /**
   * Mirrors a whole revision ahead of time: refreshes the refs, then fetches, verifies and pins every
   * LFS file of the revision (pinned files are never evicted).
   */
  async pull(
    row: RepoRow,
    revision: string,
    onProgress: (progress: PullProgress) => void,
  ): Promise<PullProgress> {
    const refreshed = await this.repoMirror.refresh(row);
    const record = toRepoRecord(refreshed);
    const snapshot = await this.deps.content.snapshot(record, revision);
    const lfsFiles = snapshot.files.filter((file) => file.lfs);
    const progress: PullProgress = {
      files: 0,
      totalFiles: lfsFiles.length,
      bytes: 0,
      totalBytes: lfsFiles.reduce((sum, file) => sum + (file.lfs?.size ?? 0), 0),
    };
    onProgress({ ...progress });
    let lastReport = Date.now();
    for (const file of lfsFiles) {
      if (!file.lfs) continue;
      progress.path = file.path;
      progress.fileSize = file.lfs.size;
      const before = progress.bytes;
      await this.files.fetch(
        record,
        { ...file.lfs, path: file.path, commit: snapshot.commit },
        true,
        (written) => {
          if (Date.now() - lastReport < PROGRESS_EVERY_MS) return;
          lastReport = Date.now();
          onProgress({ ...progress, bytes: before + written });
        },
      );
      progress.files++;
      progress.bytes += file.lfs.size;
      lastReport = Date.now();
      onProgress({ ...progress });
    }
    return progress;
  }

  async report(): Promise<MirrorReport> {
    const perRepo = new Map((await this.records.perRepo()).map((entry) => [entry.repoId, entry]));
    const repos: MirrorReport["repos"] = [];
    for (const mirrored of await this.records.mirroredRepos()) {
      const row = await this.deps.repos.findById(mirrored.repo_id);
      if (!row) continue;
      const files = perRepo.get(row.id);
      repos.push({
        id: row.full_id,
        type: row.type as RepoType,
        sha: row.sha,
        gated: row.gated,
        refreshedAt: mirrored.refreshed_at,
        files: files?.files ?? 0,
        bytes: files?.bytes ?? 0,
        pinnedBytes: files?.pinnedBytes ?? 0,
        hits: files?.hits ?? 0,
      });
    }
    repos.sort((a, b) => b.bytes - a.bytes || a.id.localeCompare(b.id));
    return {
      upstream: this.upstream.url,
      offline: this.settings.offline,
      upstreamReachable: this.upstream.unavailableReason() === undefined,
      refreshSeconds: this.settings.refreshSeconds,
      cacheCapBytes: this.settings.cacheBytes ?? null,
      cachedBytes: await this.records.totalBytes(),
      hits: this.stats.hits,
      misses: this.stats.misses,
      bytesSaved: this.stats.bytesSaved,
      bytesFetched: this.stats.bytesFetched,
      evictions: this.stats.evictions,
      verificationFailures: this.stats.verificationFailures,
      upstreamErrors: this.stats.upstreamErrors,
      recentErrors: this.stats.recentErrors,
      inFlight: this.files.inFlight(),
      rules: {
        allow: this.settings.allow.map((rule) => rule.source),
        deny: this.settings.deny.map((rule) => rule.source),
      },
      repos,
    };
  }
}
