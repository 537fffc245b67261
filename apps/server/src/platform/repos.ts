import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, ProviderMappingTable, RepoTable } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { newId, nowIso } from "../domain/ids.js";
import { fromJsonText, toJsonText } from "./json-columns.js";
import { DownloadTally, type DownloadCount } from "./download-tally.js";
import { LruCache } from "./lru-cache.js";
import { cardLinks, replaceLinks } from "./repo-links.js";
import { refreshRollingChunk, rollingWindow, ROLLING_CHUNK_ROWS } from "./rolling-counts.js";
import { isSqlite } from "../db/search-indexes.js";
import { refreshPlannerStatistics } from "../db/statistics.js";
import { repoRedirects } from "./repo-redirects.js";
import { conflict } from "../domain/errors.js";
import type { CommitSummary, DerivedMetadata, RepoRecord, RepoType } from "../domain/repo.js";
import type { CacheSignals } from "../domain/ports.js";
import { recordAuditEvent } from "../audit/record.js";
import { SYSTEM_ACTOR } from "../audit/context.js";

/**
 * Whether a repo change records its audit event (on by default: user and admin actions). The demo
 * import and the upstream mirror's own bookkeeping pass `audit: false`. `reason` says why a change
 * undid another (a creation whose files could not be written).
 */
export interface RepoAuditOption {
  audit?: boolean;
  reason?: string;
  /** "system": the hub did it on its own (the mirror following its upstream), whoever's request ran it. */
  as?: "system";
}

/** Runs inside the transaction that inserts a new repo, before the insert: throws to refuse it. */
export type RepoAdmission = (trx: Transaction<Database>) => Promise<void>;

function attribution(options: RepoAuditOption) {
  return options.as === "system"
    ? { actor: SYSTEM_ACTOR, token: null, origin: { ip: null, userAgent: null } }
    : {};
}

function repoRef(row: Pick<RepoRow, "type" | "full_id" | "id">) {
  return { type: row.type, id: row.full_id, repoId: row.id };
}

/** Notice topic of a repo's cached row; the key is `<repo id>` or `<repo id>\tcounts`, or `*`. */
const REPOS_TOPIC = "repos";

export type RepoRow = Selectable<RepoTable>;
export type ProviderMappingRow = Selectable<ProviderMappingTable>;
export type Gated = false | "auto" | "manual";

export const REPO_TYPES: readonly RepoType[] = ["model", "dataset", "space", "kernel"];

export function lookupKey(type: RepoType, id: string): string {
  return `${type}:${id.toLowerCase()}`;
}

/** The columns a RepoRecord is made of; a row without `mirror_upstream` makes a record without `mirror`. */
export type RepoRecordColumns = Pick<
  RepoRow,
  "type" | "full_id" | "owner" | "name" | "private" | "gated" | "created_at" | "last_modified" | "sha"
> &
  Partial<Pick<RepoRow, "mirror_upstream" | "created_by">>;

export function toRepoRecord(row: RepoRecordColumns): RepoRecord {
  return {
    type: row.type as RepoType,
    id: row.full_id,
    owner: row.owner,
    name: row.name,
    private: row.private === 1,
    gated: parseGated(row.gated),
    createdAt: new Date(row.created_at),
    lastModified: new Date(row.last_modified),
    sha: row.sha ?? undefined,
    ...(row.mirror_upstream ? { mirror: { upstream: row.mirror_upstream } } : {}),
    ...(row.created_by ? { createdBy: row.created_by } : {}),
  };
}

/**
 * Asked for an id this hub does not hold (the mirror of an upstream hub plugs in here), and for a
 * mirrored repo on every look-up (to refresh its refs when due). Returns the row to use, if any.
 */
export interface RepoFallback {
  unknown(type: RepoType, id: string): Promise<RepoRow | undefined>;
  /** The row to use for a mirrored repo (refreshed when due), or undefined when it is hidden now. */
  known(row: RepoRow): Promise<RepoRow | undefined>;
}

export function parseGated(value: string): Gated {
  return value === "auto" || value === "manual" ? value : false;
}

export interface NewRepo {
  type: RepoType;
  owner: string;
  name: string;
  private?: boolean;
  sdk?: string;
  createdAt?: string;
  /** Creates a read-only mirror of the repo of this upstream hub. */
  mirrorUpstream?: string;
  gated?: Gated;
  /** The user creating it (recorded for the `contributor` org role). */
  createdBy?: string;
}

export interface ProviderMappingInput {
  provider: string;
  providerId: string;
  task: string;
  status: "live" | "staging";
  adapter?: string;
  adapterWeightsPath?: string;
}

/** Rows and provider mappings are read on every repo request; kept briefly, dropped on every write. */
const CACHE_ENTRIES = 2048;
const CACHE_MAX_AGE_MS = 10_000;
/** Re-sample planner statistics after a refresh that changed at least this many rows. */
const STATISTICS_AFTER_CHANGES = 1000;

/** A row whose cached copy only had download counts added → the row it was read as. */
const countedFrom = new WeakMap<RepoRow, RepoRow>();

/**
 * The row as read from the database, for rows that since then only had download counts added: every
 * other write drops the cached row, so two rows with the same origin differ in those counts only.
 */
export function rowOrigin(row: RepoRow): RepoRow {
  return countedFrom.get(row) ?? row;
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function gatedValue(stored: string): string | false {
  return stored === "false" ? false : stored;
}

/** Repository records: creation, settings, derived metadata, likes, downloads, provider mappings. */
export class Repos {
  private readonly rows = new LruCache<string, RepoRow>(CACHE_ENTRIES, CACHE_MAX_AGE_MS);
  private readonly mappings = new LruCache<string, ProviderMappingRow[]>(CACHE_ENTRIES, CACHE_MAX_AGE_MS);
  private refreshing: Promise<void> | undefined;
  private listingWrites = 0;
  // Counted downloads only shift numbers on listing pages, so they leave cached pages to their TTL.
  private readonly downloads = new DownloadTally((counts) => this.writeDownloads(counts, true, false));

  private fallback: RepoFallback | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly signals?: CacheSignals,
  ) {
    signals?.subscribe(REPOS_TOPIC, (key) => {
      if (key === "*") return this.forgetAll();
      const [repoId, counts] = key.split("\t");
      this.forgetLocally(repoId, counts === undefined);
    });
  }

  /** Installs the look-up for ids the hub does not hold (the upstream mirror). */
  setFallback(fallback: RepoFallback | undefined): void {
    this.fallback = fallback;
  }

  /** `find` for reads: an unknown id may come from the upstream mirror, a mirrored one is kept fresh. */
  async findForRead(type: RepoType, id: string): Promise<RepoRow | undefined> {
    const row = await this.find(type, id);
    if (!this.fallback) return row;
    if (row) return row.mirror_upstream ? this.fallback.known(row) : row;
    return this.fallback.unknown(type, id);
  }

  /** Drops the cached row of a repo after a write outside this class (the mirror's refresh). */
  forgetRow(repoId: string): void {
    this.forget(repoId);
  }

  /** Cached rows are shared: callers treat them as read-only. */
  async find(type: RepoType, id: string): Promise<RepoRow | undefined> {
    const key = lookupKey(type, id);
    const cached = this.rows.get(key);
    if (cached) return cached;
    const generation = this.rows.generation();
    const row = await this.db
      .selectFrom("repos")
      .selectAll()
      .where("lookup_key", "=", key)
      .executeTakeFirst();
    if (row) this.rows.setIfCurrent(key, row, generation);
    return row;
  }

  /**
   * Drops what is cached about one repo; every write to it goes through here. Unless the write was
   * only a download count, it also moves the listings generation, which retires cached listing pages.
   */
  private forget(repoId: string, listingsChanged = true): void {
    this.forgetLocally(repoId, listingsChanged);
    this.signals?.publish(REPOS_TOPIC, listingsChanged ? repoId : `${repoId}\tcounts`);
  }

  private forgetAll(): void {
    this.rows.clear();
    this.mappings.clear();
    this.listingWrites++;
  }

  private forgetLocally(repoId: string, listingsChanged: boolean): void {
    this.rows.deleteWhere((row) => row.id === repoId);
    this.mappings.delete(repoId);
    if (listingsChanged) this.listingWrites++;
  }

  /**
   * Changes with every write that can alter a listing page (create, commit, settings, move, delete,
   * likes, provider mappings, the rolling refresh), but not with download counts: a page cached
   * under an older generation must not be served.
   */
  listingsGeneration(): number {
    return this.listingWrites;
  }

  findById(repoId: string): Promise<RepoRow | undefined> {
    return this.db.selectFrom("repos").selectAll().where("id", "=", repoId).executeTakeFirst();
  }

  async create(input: NewRepo, options: RepoAuditOption & { admit?: RepoAdmission } = {}): Promise<RepoRow> {
    const fullId = `${input.owner}/${input.name}`;
    if (await this.find(input.type, fullId)) {
      throw conflict(`You already created this ${input.type} repo`);
    }
    const created = input.createdAt ?? nowIso();
    const row: RepoRow = {
      id: newId(),
      type: input.type,
      owner: input.owner,
      name: input.name,
      full_id: fullId,
      lookup_key: lookupKey(input.type, fullId),
      private: input.private ? 1 : 0,
      gated: input.gated ? input.gated : "false",
      created_at: created,
      last_modified: created,
      sha: null,
      card_data: null,
      tags: "[]",
      pipeline_tag: null,
      library_name: null,
      config: null,
      transformers_info: null,
      widget_data: null,
      gguf: null,
      safetensors: null,
      num_parameters: null,
      siblings: "[]",
      warnings: "[]",
      used_storage: 0,
      sdk: input.sdk ?? null,
      likes: 0,
      seed_likes: 0,
      downloads_all_time: 0,
      downloads_30d: 0,
      trending_score: 0,
      mirror_upstream: input.mirrorUpstream ?? null,
      created_by: input.createdBy ?? null,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await options.admit?.(trx);
        await trx.insertInto("repos").values(row).execute();
        await repoRedirects.release(trx, row.lookup_key);
        if (options.audit !== false)
          await recordAuditEvent(trx, {
            ...attribution(options),
            type: "repo.create",
            namespace: row.owner,
            data: { repo: { ...repoRef(row), private: row.private === 1 } },
          });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`You already created this ${input.type} repo`);
      throw err;
    }
    this.forget(row.id);
    return row;
  }

  async delete(row: RepoRow, options: RepoAuditOption = {}): Promise<void> {
    this.forget(row.id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("repo_tags").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("likes").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("download_days").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("provider_mappings").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("repo_links").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("mirror_repos").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("space_secrets").where("repo_id", "=", row.id).execute();
      await trx.deleteFrom("space_variables").where("repo_id", "=", row.id).execute();
      await repoRedirects.forgetRepo(trx, row.id);
      const deleted = await trx.deleteFrom("repos").where("id", "=", row.id).executeTakeFirst();
      if (options.audit !== false && Number(deleted.numDeletedRows) > 0)
        await recordAuditEvent(trx, {
          ...attribution(options),
          type: "repo.delete",
          namespace: row.owner,
          data: { repo: repoRef(row), ...(options.reason ? { reason: options.reason } : {}) },
        });
    });
    this.forget(row.id);
  }

  /**
   * Renames a repo. The old name keeps leading to it (see `findMoved`) unless `redirect` is false
   * (undoing a rename whose files could not move); the new name stops redirecting anywhere else.
   */
  async move(
    row: RepoRow,
    owner: string,
    name: string,
    redirect = true,
    options: RepoAuditOption = {},
  ): Promise<RepoRow> {
    const fullId = `${owner}/${name}`;
    const type = row.type as RepoType;
    const existing = await this.find(type, fullId);
    if (existing && existing.id !== row.id)
      throw conflict(`A ${type} repository called ${existing.full_id} already exists`);
    const update = { owner, name, full_id: fullId, lookup_key: lookupKey(type, fullId) };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("repos").set(update).where("id", "=", row.id).execute();
      await repoRedirects.release(trx, update.lookup_key);
      if (redirect && row.lookup_key !== update.lookup_key)
        await repoRedirects.record(trx, row.lookup_key, row.id);
      // one event, in the namespace the repo leaves (an org sees its repos go)
      if (options.audit !== false)
        await recordAuditEvent(trx, {
          ...attribution(options),
          type: "repo.move",
          namespace: row.owner,
          data: {
            repo: { type: row.type, id: fullId, repoId: row.id },
            from: row.full_id,
            to: fullId,
            ...(options.reason ? { reason: options.reason } : {}),
          },
        });
    });
    this.forget(row.id);
    return { ...row, ...update };
  }

  /** The repo an old name of a renamed repo leads to now (no access check: callers decide). */
  async findMoved(type: RepoType, id: string): Promise<RepoRow | undefined> {
    const repoId = await repoRedirects.target(this.db, lookupKey(type, id));
    return repoId ? this.findById(repoId) : undefined;
  }

  async updateSettings(
    row: RepoRow,
    settings: { private?: boolean; gated?: Gated },
    options: RepoAuditOption = {},
  ): Promise<RepoRow> {
    const update: Partial<RepoRow> = {};
    if (settings.private !== undefined) update.private = settings.private ? 1 : 0;
    if (settings.gated !== undefined) update.gated = settings.gated === false ? "false" : settings.gated;
    if (Object.keys(update).length > 0) {
      await this.db.transaction().execute(async (trx) => {
        // compared with the stored row, not the caller's copy: the event says what really changed
        const before = await trx
          .selectFrom("repos")
          .select(["private", "gated"])
          .where("id", "=", row.id)
          .executeTakeFirst();
        await trx.updateTable("repos").set(update).where("id", "=", row.id).execute();
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        if (before && update.private !== undefined && before.private !== update.private)
          changes.private = { from: before.private === 1, to: update.private === 1 };
        if (before && update.gated !== undefined && before.gated !== update.gated)
          changes.gated = { from: gatedValue(before.gated), to: gatedValue(update.gated) };
        if (options.audit !== false && Object.keys(changes).length > 0)
          await recordAuditEvent(trx, {
            ...attribution(options),
            type: "repo.update_settings",
            namespace: row.owner,
            data: { repo: repoRef(row), changes, ...(options.reason ? { reason: options.reason } : {}) },
          });
      });
      this.forget(row.id);
    }
    return { ...row, ...update };
  }

  /** Models committed before parameter counting existed that have safetensors files, in id order. */
  async uncountedSafetensorsModels(afterId: string, limit: number): Promise<RepoRow[]> {
    return this.db
      .selectFrom("repos")
      .selectAll()
      .where("type", "=", "model")
      .where("id", ">", afterId)
      .where("sha", "is not", null)
      .where("safetensors", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("repo_tags")
            .select("repo_tags.repo_id")
            .whereRef("repo_tags.repo_id", "=", "repos.id")
            .where("repo_tags.tag", "=", "safetensors"),
        ),
      )
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /**
   * Stores parameter counts derived later for the commit `sha` (upgrades); nothing when the repo has
   * moved on since, because that commit's own derivation already stored them. `{}` marks "none found".
   */
  async storeParameterCounts(
    repoId: string,
    sha: string,
    counts: DerivedMetadata["safetensors"],
  ): Promise<void> {
    await this.db
      .updateTable("repos")
      .set({ safetensors: JSON.stringify(counts ?? {}), num_parameters: counts?.total ?? null })
      .where("id", "=", repoId)
      .where("sha", "=", sha)
      .execute();
    this.forget(repoId);
  }

  /** Stores what the content half derived from the files at the new head of the default branch. */
  async applyCommit(repo: RepoRecord, commit: CommitSummary, derived: DerivedMetadata): Promise<void> {
    const row = await this.find(repo.type, repo.id);
    if (!row) return;
    const tags = uniqueTags(derived);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("repos")
        .set({
          sha: commit.sha,
          last_modified: commit.date.toISOString(),
          ...derivedColumns(row, derived),
        })
        .where("id", "=", row.id)
        .execute();
      await trx.deleteFrom("repo_tags").where("repo_id", "=", row.id).execute();
      if (tags.length > 0) {
        await trx
          .insertInto("repo_tags")
          .values(tags.map((tag) => ({ repo_id: row.id, tag })))
          .execute();
      }
      if (repo.type === "space") await replaceLinks(trx, row.id, cardLinks(derived.cardData));
    });
    this.forget(row.id);
  }

  /** Counts one download; settles once it is stored (batched with concurrent downloads). */
  async countDownload(repo: RepoRecord, at = new Date()): Promise<void> {
    const row = await this.find(repo.type, repo.id);
    if (!row) return;
    await this.downloads.record(row.id, utcDay(at));
  }

  /** Adds per-day download counts; `rolling` also bumps the 30-day column (counts of today). */
  async addDownloads(repoId: string, days: { day: string; count: number }[], rolling = false): Promise<void> {
    await this.writeDownloads(
      days.map((d) => ({ repoId, ...d })),
      rolling,
      true,
    );
  }

  private async writeDownloads(
    counts: DownloadCount[],
    rolling: boolean,
    listingsChanged: boolean,
  ): Promise<void> {
    // One row per (repo, day): PostgreSQL refuses an upsert that touches the same row twice.
    const byDay = new Map<string, DownloadCount>();
    const totals = new Map<string, number>();
    for (const { repoId, day, count } of counts) {
      if (count <= 0) continue;
      const key = `${repoId}\u0000${day}`;
      const entry = byDay.get(key);
      if (entry) entry.count += count;
      else byDay.set(key, { repoId, day, count });
      totals.set(repoId, (totals.get(repoId) ?? 0) + count);
    }
    const days = [...byDay.values()];
    if (days.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("download_days")
        .values(days.map((d) => ({ repo_id: d.repoId, day: d.day, count: d.count })))
        .onConflict((oc) =>
          oc
            .columns(["repo_id", "day"])
            .doUpdateSet({ count: sql<number>`download_days.count + excluded.count` }),
        )
        .execute();
      for (const [repoId, total] of totals) {
        await trx
          .updateTable("repos")
          .set({
            downloads_all_time: sql<number>`downloads_all_time + ${total}`,
            downloads_30d: rolling ? sql<number>`downloads_30d + ${total}` : sql<number>`downloads_30d`,
          })
          .where("id", "=", repoId)
          .execute();
      }
    });
    if (listingsChanged) for (const repoId of totals.keys()) this.forget(repoId);
    else this.addCountsToCachedRows(totals, rolling);
  }

  /**
   * After counted downloads the cached rows get the same increments as the database instead of being
   * dropped: a download would otherwise cost the next request on that repo a fresh read. Other replicas
   * drop their copies, as for any write.
   */
  private addCountsToCachedRows(totals: Map<string, number>, rolling: boolean): void {
    this.rows.updateWhere((row) => {
      const total = totals.get(row.id);
      if (total === undefined) return undefined;
      const counted = {
        ...row,
        downloads_all_time: row.downloads_all_time + total,
        downloads_30d: rolling ? row.downloads_30d + total : row.downloads_30d,
      };
      countedFrom.set(counted, rowOrigin(row));
      return counted;
    });
    for (const repoId of totals.keys()) this.signals?.publish(REPOS_TOPIC, `${repoId}\tcounts`);
  }

  /** Settles when every download counted so far is stored (tests, shutdown). */
  flushDownloads(): Promise<void> {
    return this.downloads.drain();
  }

  /**
   * Recomputes last-30-days downloads, like counts and the trending score from the raw tables, in
   * chunks of repos (each aggregated once, only changed rows written) with a pause between chunks
   * so requests keep being served. Concurrent calls share one run.
   */
  refreshRollingCounts(now = new Date()): Promise<void> {
    this.refreshing ??= this.refreshAllChunks(now).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refreshAllChunks(now: Date): Promise<void> {
    const window = rollingWindow(now);
    const sqlite = isSqlite(this.db);
    const chunkRows = ROLLING_CHUNK_ROWS[sqlite ? "sqlite" : "postgres"];
    let after: string | undefined;
    let changed = 0;
    for (;;) {
      const chunk = await refreshRollingChunk(this.db, window, after, chunkRows);
      changed += chunk.changed;
      if (chunk.changed > 0) {
        this.rows.clear();
        this.listingWrites++;
        this.signals?.publish(REPOS_TOPIC, "*");
      }
      if (chunk.lastId === undefined || chunk.rows < chunkRows) break;
      after = chunk.lastId;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (changed >= STATISTICS_AFTER_CHANGES)
      await refreshPlannerStatistics(this.db, sqlite ? "sqlite" : "postgres", "light");
  }

  /** Imported popularity: likes without likers and all-time downloads from before the 30-day window. */
  async setSeedPopularity(repoId: string, likes: number, historicalDownloads: number): Promise<void> {
    await this.db
      .updateTable("repos")
      .set({
        seed_likes: likes,
        likes: sql<number>`${likes} + (SELECT COUNT(*) FROM likes l WHERE l.repo_id = repos.id)`,
        downloads_all_time: sql<number>`downloads_all_time + ${historicalDownloads}`,
      })
      .where("id", "=", repoId)
      .execute();
    this.forget(repoId);
  }

  async like(user: string, row: RepoRow, at = nowIso()): Promise<void> {
    const inserted = await this.db
      .insertInto("likes")
      .values({ user_name: user, repo_id: row.id, created_at: at })
      .onConflict((oc) => oc.columns(["user_name", "repo_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await this.db
        .updateTable("repos")
        .set({ likes: sql<number>`likes + 1` })
        .where("id", "=", row.id)
        .execute();
      this.forget(row.id);
    }
  }

  async unlike(user: string, row: RepoRow): Promise<void> {
    const deleted = await this.db
      .deleteFrom("likes")
      .where("user_name", "=", user)
      .where("repo_id", "=", row.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) {
      await this.db
        .updateTable("repos")
        .set({ likes: sql<number>`likes - 1` })
        .where("id", "=", row.id)
        .execute();
      this.forget(row.id);
    }
  }

  async likedBy(user: string, row: RepoRow): Promise<boolean> {
    const found = await this.db
      .selectFrom("likes")
      .select("repo_id")
      .where("user_name", "=", user)
      .where("repo_id", "=", row.id)
      .executeTakeFirst();
    return found !== undefined;
  }

  async likersOf(row: RepoRow): Promise<string[]> {
    const rows = await this.db
      .selectFrom("likes")
      .select("user_name")
      .where("repo_id", "=", row.id)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map((r) => r.user_name);
  }

  async likesOf(user: string): Promise<RepoRow[]> {
    return this.db
      .selectFrom("likes")
      .innerJoin("repos", "repos.id", "likes.repo_id")
      .selectAll("repos")
      .where("likes.user_name", "=", user)
      .orderBy("likes.created_at", "desc")
      .execute();
  }

  async setProviderMapping(repoId: string, mapping: ProviderMappingInput): Promise<void> {
    const values = {
      provider_id: mapping.providerId,
      task: mapping.task,
      status: mapping.status,
      adapter: mapping.adapter ?? null,
      adapter_weights_path: mapping.adapterWeightsPath ?? null,
    };
    await this.db
      .insertInto("provider_mappings")
      .values({ repo_id: repoId, provider: mapping.provider, ...values })
      .onConflict((oc) => oc.columns(["repo_id", "provider"]).doUpdateSet(values))
      .execute();
    this.forget(repoId);
  }

  /**
   * Replaces every mapping the hub wrote for its own inference backends with `mappings` (repo id →
   * mapping), in one transaction. A seeded mapping under a backend's name is taken over by the backend.
   */
  async replaceHubServedMappings(
    mappings: { repoId: string; mapping: ProviderMappingInput }[],
  ): Promise<void> {
    // Health rounds publish every interval: rows that did not change are left alone, so an unchanged
    // round writes nothing and keeps the row and listing caches.
    const keyOf = (repoId: string, provider: string, providerId: string, task: string, status: string) =>
      JSON.stringify([repoId, provider, providerId, task, status]);
    const wanted = new Map(
      mappings.map((m) => [
        keyOf(m.repoId, m.mapping.provider, m.mapping.providerId, m.mapping.task, m.mapping.status),
        m,
      ]),
    );
    const touched = new Set<string>();
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("provider_mappings")
        .select(["repo_id", "provider", "provider_id", "task", "status"])
        .where("served_by_hub", "=", 1)
        .execute();
      const kept = new Set<string>();
      for (const row of current) {
        const key = keyOf(row.repo_id, row.provider, row.provider_id, row.task, row.status);
        if (wanted.has(key)) {
          kept.add(key);
          continue;
        }
        await trx
          .deleteFrom("provider_mappings")
          .where("repo_id", "=", row.repo_id)
          .where("provider", "=", row.provider)
          .execute();
        touched.add(row.repo_id);
      }
      for (const [key, { repoId, mapping }] of wanted) {
        if (kept.has(key)) continue;
        const values = {
          provider_id: mapping.providerId,
          task: mapping.task,
          status: mapping.status,
          adapter: null,
          adapter_weights_path: null,
          served_by_hub: 1,
        };
        await trx
          .insertInto("provider_mappings")
          .values({ repo_id: repoId, provider: mapping.provider, ...values })
          .onConflict((oc) => oc.columns(["repo_id", "provider"]).doUpdateSet(values))
          .execute();
        touched.add(repoId);
      }
    });
    for (const repoId of touched) this.forget(repoId);
  }

  async providerMappings(repoIds: string[]): Promise<Map<string, ProviderMappingRow[]>> {
    const byRepo = new Map<string, ProviderMappingRow[]>();
    const missing: string[] = [];
    for (const id of repoIds) {
      const cached = this.mappings.get(id);
      if (cached) byRepo.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return byRepo;
    const generation = this.mappings.generation();
    const rows = await this.db
      .selectFrom("provider_mappings")
      .selectAll()
      .where("repo_id", "in", missing)
      .orderBy("provider")
      .execute();
    const found = new Map<string, ProviderMappingRow[]>(missing.map((id) => [id, []]));
    for (const row of rows) found.get(row.repo_id)?.push(row);
    for (const [id, list] of found) {
      this.mappings.setIfCurrent(id, list, generation);
      if (list.length > 0) byRepo.set(id, list);
    }
    return byRepo;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("repos")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Tags used for filtering: the repo's tags plus its task and library, so `filter=` finds either. */
/** The repo columns that come from its files at one commit (a commit landing, or info at a revision). */
export function derivedColumns(row: RepoRow, derived: DerivedMetadata) {
  return {
    card_data: toJsonText(derived.cardData),
    tags: JSON.stringify(derived.tags),
    pipeline_tag: derived.pipeline_tag ?? null,
    library_name: derived.library_name ?? null,
    config: toJsonText(derived.config),
    transformers_info: toJsonText(derived.transformersInfo),
    widget_data: toJsonText(derived.widgetData),
    gguf: toJsonText(derived.gguf),
    // "{}" once derived without counts, so null means "derived before counting existed"
    safetensors: toJsonText(derived.safetensors) ?? (row.type === "model" ? "{}" : null),
    num_parameters: derived.safetensors?.total ?? null,
    siblings: JSON.stringify(derived.siblings),
    warnings: JSON.stringify(derived.warnings),
    used_storage: derived.usedStorage,
    sdk: derived.sdk ?? (row.type === "space" ? row.sdk : null),
  } satisfies Partial<RepoRow>;
}

function uniqueTags(derived: DerivedMetadata): string[] {
  const tags = new Set(derived.tags);
  if (derived.pipeline_tag) tags.add(derived.pipeline_tag);
  if (derived.library_name) tags.add(derived.library_name);
  return [...tags];
}

export function repoJson<T>(
  row: RepoRow,
  column: "card_data" | "config" | "transformers_info" | "widget_data" | "gguf" | "safetensors",
): T | undefined {
  return fromJsonText<T | undefined>(row[column], undefined);
}
