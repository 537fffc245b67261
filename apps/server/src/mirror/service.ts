import type { Kysely } from "kysely";
import { recordAuditEvent } from "../audit/record.js";
import { SYSTEM_ACTOR } from "../audit/context.js";
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
import type { CurationRefusal } from "./curation.js";
import type { ScanRefusal } from "@modelhub/api-types";

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
  curation: {
    licensesAllow: string[];
    licensesDeny: string[];
    denyTags: string[];
    denyLibraries: string[];
    maxFileBytes: number | null;
  };
  /** Repos and files the curation rules refused, newest first. */
  refusals: ScanRefusal[];
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

/** hub_meta key of the rules the hub last ran with. */
const MIRROR_RULES_KEY = "audit:mirror_rules";
/** Where the mirror's refusals go (the scans keep one log of refusals for the admin pages and /metrics). */
export interface MirrorRefusalLog {
  record(repo: { type: RepoType; id: string }, refusal: CurationRefusal): Promise<void>;
  list(): Promise<ScanRefusal[]>;
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
    private readonly deps: {
      db: Kysely<Database>;
      repos: Repos;
      content: RepoContent;
      logger: Logger;
      /** Where refusals of the curation rules are kept (the scans' refusal log). */
      refusals?: MirrorRefusalLog;
    },
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
      onRefused: (repo, refusal) => this.refused(repo, refusal),
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
      curation: settings.curation,
      onRefused: (repo, refusal) => this.refused(repo, refusal),
    });
  }

  private async refused(repo: { type: RepoType; id: string }, refusal: CurationRefusal): Promise<void> {
    this.deps.logger.info({ repo: repo.id, rule: refusal.rule }, "mirror: refused by a curation rule");
    await this.deps.refusals?.record(repo, refusal).catch(() => undefined);
  }

  /** Plugs the mirror into the repo look-up and the LFS reads; loads the counters of earlier runs. */
  async install(): Promise<void> {
    await this.stats.load();
    await this.recordRuleChange();
    this.deps.repos.setFallback(this.repoMirror);
    this.deps.content.pullThrough = this.files;
  }

  /**
   * The allow and deny rules come from the environment: when they differ from the ones the hub last ran
   * with, the change is a `mirror.rules` audit event (once, whichever replica starts first).
   */
  private async recordRuleChange(): Promise<void> {
    const rules = {
      upstream: this.settings.upstreamUrl,
      allow: this.settings.allow.map((rule) => rule.source),
      deny: this.settings.deny.map((rule) => rule.source),
    };
    const value = JSON.stringify(rules);
    await this.deps.db.transaction().execute(async (trx) => {
      const stored = await trx
        .selectFrom("hub_meta")
        .select("value")
        .where("key", "=", MIRROR_RULES_KEY)
        .executeTakeFirst();
      if (stored?.value === value) return;
      const changed = stored
        ? await trx
            .updateTable("hub_meta")
            .set({ value })
            .where("key", "=", MIRROR_RULES_KEY)
            .where("value", "=", stored.value)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows) > 0)
        : await trx
            .insertInto("hub_meta")
            .values({ key: MIRROR_RULES_KEY, value })
            .onConflict((oc) => oc.column("key").doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0);
      if (!changed) return;
      const previous = stored ? (JSON.parse(stored.value) as typeof rules) : null;
      await recordAuditEvent(trx, {
        type: "mirror.rules",
        actor: SYSTEM_ACTOR,
        token: null,
        data: { ...rules, previous },
      });
    });
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
    await recordAuditEvent(this.deps.db, {
      type: "mirror.pin",
      namespace: refreshed.owner,
      data: {
        repo: { type: refreshed.type, id: refreshed.full_id, repoId: refreshed.id },
        revision,
        commit: snapshot.commit,
        files: progress.totalFiles,
        bytes: progress.totalBytes,
      },
    });
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
      curation: { ...this.settings.curation, maxFileBytes: this.settings.curation.maxFileBytes ?? null },
      refusals: (await this.deps.refusals?.list()) ?? [],
      repos,
    };
  }
}
