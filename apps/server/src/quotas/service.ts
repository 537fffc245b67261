import type { NamespaceStorage as NamespaceStorageAnswer } from "@modelhub/api-types";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { recordAuditEvent } from "../audit/record.js";
import { HttpError, notFound } from "../domain/errors.js";
import type { RepoKeyOf, StorageQuotaGate } from "../domain/ports.js";
import type { RepoType } from "../domain/repo.js";
import type { Accounts } from "../platform/accounts.js";
import { newId } from "../domain/ids.js";
import type { QuotaSettings } from "./settings.js";
import { formatBytes } from "./size-text.js";
import type { QuotaTables } from "./tables.js";

type Db = Kysely<Database & QuotaTables>;

/** A limit as stored: a number, unlimited, or whatever the hub's default says. */
export type LimitSetting = number | "none" | "default";

/** One repository's storage as measured on disk. */
export interface RepoBytes {
  lfsBytes: number;
  gitBytes: number;
}

/** What the storage routes answer, without the `summary` line the routes add. */
export type NamespaceStorage = Omit<NamespaceStorageAnswer, "summary">;

export interface StorageQuotasDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  settings: QuotaSettings;
  /** Measures one repository (content half: its LFS claims and its object database). */
  measure(repo: { type: RepoType; id: string }): Promise<RepoBytes>;
}

const UNLIMITED = -1;
/**
 * A measure older than this is taken again when read: what changed a repo outside the hub's write
 * routes (gc freeing unreachable objects, a restore) shows within this time.
 */
const MEASURE_FRESH_MS = 10 * 60 * 1000;
const DEFAULT_HOLD_MS = 60 * 60 * 1000;

const bytesText = (bytes: number) => `${formatBytes(bytes)} (${bytes} bytes)`;

/** Storage quotas and repo-count limits of users and organizations, and the holds of uploads under way. */
export class StorageQuotas implements StorageQuotaGate {
  private readonly db: Db;

  constructor(private readonly deps: StorageQuotasDeps) {
    this.db = deps.db.withTables<QuotaTables>();
  }

  /** The namespace `name` denotes (any case), or a 404. */
  async namespace(name: string): Promise<{ name: string; kind: "user" | "org" }> {
    const found = await this.deps.accounts.canonicalNamespace(name);
    if (!found) throw notFound(`No user or organization named ${name}`);
    return found;
  }

  private async limitsOf(db: Db, namespace: string) {
    const row = await db
      .selectFrom("storage_quotas")
      .selectAll()
      .where("namespace_lower", "=", namespace.toLowerCase())
      .executeTakeFirst();
    const stored = row?.storage_bytes === null || row === undefined ? undefined : Number(row.storage_bytes);
    const repos = row?.repo_limit ?? undefined;
    return {
      storageLimit:
        stored === undefined
          ? (this.deps.settings.defaultStorageBytes ?? null)
          : stored === UNLIMITED
            ? null
            : stored,
      storageLimitFrom: stored === undefined ? ("default" as const) : ("set" as const),
      repoLimit:
        repos === undefined
          ? (this.deps.settings.defaultRepoLimit ?? null)
          : repos === UNLIMITED
            ? null
            : repos,
      repoLimitFrom: repos === undefined ? ("default" as const) : ("set" as const),
    };
  }

  /** Every repo of the namespace with its storage; repos never measured (or moved) are measured now. */
  private async repoBytes(namespace: string) {
    const rows = await this.db
      .selectFrom("repos")
      .leftJoin("repo_storage", (join) =>
        join
          .onRef("repo_storage.repo_type", "=", "repos.type")
          .onRef("repo_storage.repo_full_id", "=", "repos.full_id"),
      )
      .select([
        "repos.type",
        "repos.full_id",
        "repo_storage.lfs_bytes",
        "repo_storage.git_bytes",
        "repo_storage.measured_at",
      ])
      .where((eb) => eb(eb.fn("lower", ["repos.owner"]), "=", namespace.toLowerCase()))
      .where("repos.mirror_upstream", "is", null)
      .orderBy("repos.full_id")
      .execute();
    const repos: NamespaceStorage["repos"] = [];
    const freshSince = new Date(Date.now() - MEASURE_FRESH_MS).toISOString();
    for (const row of rows) {
      const type = row.type as RepoType;
      let bytes: RepoBytes;
      if (row.lfs_bytes === null || row.git_bytes === null || (row.measured_at ?? "") < freshSince)
        bytes = await this.remeasure({ type, id: row.full_id });
      else bytes = { lfsBytes: Number(row.lfs_bytes), gitBytes: Number(row.git_bytes) };
      repos.push({ id: row.full_id, type, ...bytes });
    }
    return repos;
  }

  private async remeasure(repo: { type: RepoType; id: string }): Promise<RepoBytes> {
    const startedAt = new Date().toISOString();
    const bytes = await this.deps.measure(repo);
    await this.storeMeasure(this.db, repo, bytes, startedAt);
    return bytes;
  }

  /**
   * Keeps a measure begun at `startedAt` unless a write stored a later figure meanwhile (a measure, or
   * an upload's addition, that a figure taken before it landed must not overwrite).
   */
  private async storeMeasure(
    db: Db,
    repo: { type: RepoType; id: string },
    bytes: RepoBytes,
    startedAt: string,
  ) {
    const measured = { lfs_bytes: bytes.lfsBytes, git_bytes: bytes.gitBytes, measured_at: startedAt };
    await db
      .insertInto("repo_storage")
      .values({ repo_type: repo.type, repo_full_id: repo.id, ...measured })
      .onConflict((oc) =>
        oc
          .columns(["repo_type", "repo_full_id"])
          .doUpdateSet(measured)
          .where("repo_storage.measured_at", "<=", startedAt),
      )
      .execute();
  }

  private async heldBytes(db: Db, namespace: string): Promise<number> {
    const row = await db
      .selectFrom("storage_reservations")
      .select((eb) => eb.fn.sum<number | string | null>("bytes").as("held"))
      .where("namespace_lower", "=", namespace.toLowerCase())
      .where("expires_at", ">", new Date().toISOString())
      .executeTakeFirst();
    return Number(row?.held ?? 0);
  }

  /** Usage, limits and repos of a user or organization. */
  async storageOf(name: string): Promise<NamespaceStorage> {
    const ns = await this.namespace(name);
    const repos = await this.repoBytes(ns.name);
    return {
      name: ns.name,
      kind: ns.kind,
      usedBytes: repos.reduce((sum, repo) => sum + repo.lfsBytes + repo.gitBytes, 0),
      reservedBytes: await this.heldBytes(this.db, ns.name),
      repoCount: repos.length,
      ...(await this.limitsOf(this.db, ns.name)),
      repos,
    };
  }

  /** Every user and organization a site admin set a limit for, with its figures (names gone are skipped). */
  async listSet(): Promise<NamespaceStorage[]> {
    const rows = await this.db
      .selectFrom("storage_quotas")
      .select("namespace")
      .orderBy("namespace_lower")
      .execute();
    const answer: NamespaceStorage[] = [];
    for (const row of rows) {
      if (!(await this.deps.accounts.canonicalNamespace(row.namespace))) continue;
      answer.push(await this.storageOf(row.namespace));
    }
    return answer;
  }

  /** Sets a namespace's limits (absent: unchanged) and records `admin.quota_set` in the same transaction. */
  async setLimits(
    name: string,
    change: { storage?: LimitSetting; repos?: LimitSetting },
    admin: string,
  ): Promise<NamespaceStorage> {
    const ns = await this.namespace(name);
    const stored = (setting: LimitSetting) =>
      setting === "default" ? null : setting === "none" ? UNLIMITED : setting;
    await this.db.transaction().execute(async (trx) => {
      const before = await this.limitsOf(trx, ns.name);
      const current = await trx
        .selectFrom("storage_quotas")
        .selectAll()
        .where("namespace_lower", "=", ns.name.toLowerCase())
        .executeTakeFirst();
      const values = {
        namespace: ns.name,
        storage_bytes:
          change.storage === undefined ? (current?.storage_bytes ?? null) : stored(change.storage),
        repo_limit: change.repos === undefined ? (current?.repo_limit ?? null) : stored(change.repos),
        updated_at: new Date().toISOString(),
        updated_by: admin,
      };
      await trx
        .insertInto("storage_quotas")
        .values({ namespace_lower: ns.name.toLowerCase(), ...values })
        .onConflict((oc) => oc.column("namespace_lower").doUpdateSet(values))
        .execute();
      const after = await this.limitsOf(trx, ns.name);
      await recordAuditEvent(trx as unknown as Kysely<Database>, {
        type: "admin.quota_set",
        namespace: ns.name,
        data: {
          namespace: ns.name,
          kind: ns.kind,
          storageBefore: before.storageLimit,
          storageAfter: after.storageLimit,
          storageFrom: after.storageLimitFrom,
          reposBefore: before.repoLimit,
          reposAfter: after.repoLimit,
          reposFrom: after.repoLimitFrom,
        },
      });
    });
    return this.storageOf(ns.name);
  }

  /** 413 when a copy of `source` (a duplication: its LFS objects and git objects) would not fit `target`'s owner. */
  async checkCopy(source: { type: RepoType; id: string }, target: RepoKeyOf): Promise<void> {
    if (!(await this.limited(target))) return;
    const bytes = await this.deps.measure(source);
    await this.check(target, bytes.lfsBytes + bytes.gitBytes);
  }

  /** 403 before a repo beyond the namespace's repo-count limit is created (an early answer: see admitRepo). */
  async checkRepoCount(namespace: string): Promise<void> {
    await this.refuseRepoOver(this.db, namespace);
  }

  /**
   * The same check inside the transaction that inserts the repo, under the namespace's lock row: two
   * creations racing for the last allowed repo are serialised, and the second one is refused.
   */
  admitRepo(namespace: string): (trx: Transaction<Database>) => Promise<void> {
    return async (trx) => {
      const db = trx as unknown as Transaction<Database & QuotaTables>;
      if ((await this.limitsOf(db, namespace)).repoLimit === null) return;
      await this.lockNamespace(db, namespace.toLowerCase());
      await this.refuseRepoOver(db, namespace);
    };
  }

  private async refuseRepoOver(db: Db, namespace: string): Promise<void> {
    const { repoLimit } = await this.limitsOf(db, namespace);
    if (repoLimit === null) return;
    const row = await db
      .selectFrom("repos")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where((eb) => eb(eb.fn("lower", ["owner"]), "=", namespace.toLowerCase()))
      .where("mirror_upstream", "is", null)
      .executeTakeFirst();
    const count = Number(row?.count ?? 0);
    if (count >= repoLimit)
      throw new HttpError(
        403,
        `Repository limit reached: ${namespace} has ${count} of ${repoLimit} repositories allowed; delete one or ask a site admin to raise the limit`,
      );
  }

  async room(repo: RepoKeyOf): Promise<number> {
    const { storageLimit } = await this.limitsOf(this.db, repo.owner);
    if (storageLimit === null) return Number.POSITIVE_INFINITY;
    const used = (await this.usedBytes(repo.owner)) + (await this.heldBytes(this.db, repo.owner));
    return Math.max(0, storageLimit - used);
  }

  async check(repo: RepoKeyOf, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    const { storageLimit } = await this.limitsOf(this.db, repo.owner);
    if (storageLimit === null) return;
    const used = await this.usedBytes(repo.owner);
    const held = await this.heldBytes(this.db, repo.owner);
    this.refuseOver(repo.owner, storageLimit, used + held, bytes);
  }

  async reserve(
    repo: RepoKeyOf,
    holds: { id?: string; bytes: number }[],
    ttlMs = DEFAULT_HOLD_MS,
  ): Promise<string[]> {
    const named = holds.map((hold) => ({ id: hold.id ?? newId(), bytes: hold.bytes }));
    const ids = named.map((hold) => hold.id);
    const bytes = named.reduce((sum, hold) => sum + hold.bytes, 0);
    if (bytes <= 0) return ids;
    const namespace = repo.owner.toLowerCase();
    const { storageLimit } = await this.limitsOf(this.db, repo.owner);
    if (storageLimit === null) return ids;
    // measured outside the lock (file walks); the holds, read under it, cover what lands meanwhile
    const used = await this.usedBytes(repo.owner);
    await this.db.transaction().execute(async (trx) => {
      await this.lockNamespace(trx, namespace);
      const now = new Date().toISOString();
      await trx
        .deleteFrom("storage_reservations")
        .where("namespace_lower", "=", namespace)
        .where((eb) => eb.or([eb("expires_at", "<=", now), eb("id", "in", ids)]))
        .execute();
      const usedNow = await this.usedBytesIn(trx, repo.owner, used);
      this.refuseOver(repo.owner, storageLimit, usedNow + (await this.heldBytes(trx, namespace)), bytes);
      const expires = new Date(Date.now() + ttlMs).toISOString();
      await trx
        .insertInto("storage_reservations")
        .values(
          named.map((hold) => ({
            id: hold.id,
            namespace_lower: namespace,
            repo_type: repo.type,
            repo_full_id: repo.id,
            bytes: hold.bytes,
            expires_at: expires,
          })),
        )
        .execute();
    });
    return ids;
  }

  async limited(repo: RepoKeyOf): Promise<boolean> {
    return (await this.limitsOf(this.db, repo.owner)).storageLimit !== null;
  }

  async settle(repo: RepoKeyOf, ids: string[], addedLfsBytes?: number): Promise<void> {
    // without a quota nothing waits for the figure: the next read measures the repo
    const measureNow = addedLfsBytes === undefined && (await this.limited(repo));
    const startedAt = new Date().toISOString();
    const bytes = measureNow ? await this.deps.measure(repo) : undefined;
    await this.db.transaction().execute(async (trx) => {
      await this.lockNamespace(trx, repo.owner.toLowerCase());
      if (bytes) await this.storeMeasure(trx, repo, bytes, startedAt);
      else if (addedLfsBytes === undefined)
        await trx
          .deleteFrom("repo_storage")
          .where("repo_type", "=", repo.type)
          .where("repo_full_id", "=", repo.id)
          .execute();
      else if (addedLfsBytes)
        // a repo never measured has no row: its first measure counts the object
        await trx
          .updateTable("repo_storage")
          .set((eb) => ({
            lfs_bytes: eb("lfs_bytes", "+", addedLfsBytes),
            measured_at: new Date().toISOString(),
          }))
          .where("repo_type", "=", repo.type)
          .where("repo_full_id", "=", repo.id)
          .execute();
      if (ids.length > 0) await trx.deleteFrom("storage_reservations").where("id", "in", ids).execute();
    });
  }

  /** The storage quota of every organization (null: unlimited). */
  async organizationLimits(): Promise<{ name: string; storageLimit: number | null }[]> {
    const orgs = await this.db.selectFrom("orgs").select("name").orderBy("name").execute();
    const answer = [];
    for (const org of orgs)
      answer.push({ name: org.name, storageLimit: (await this.limitsOf(this.db, org.name)).storageLimit });
    return answer;
  }

  /** Usage of every organization (the `/metrics` gauges). */
  async organizations(): Promise<{ name: string; usedBytes: number; storageLimit: number | null }[]> {
    const orgs = await this.db.selectFrom("orgs").select("name").orderBy("name").execute();
    const answer = [];
    for (const org of orgs) {
      const repos = await this.repoBytes(org.name);
      answer.push({
        name: org.name,
        usedBytes: repos.reduce((sum, repo) => sum + repo.lfsBytes + repo.gitBytes, 0),
        storageLimit: (await this.limitsOf(this.db, org.name)).storageLimit,
      });
    }
    return answer;
  }

  private async usedBytes(namespace: string): Promise<number> {
    const repos = await this.repoBytes(namespace);
    return repos.reduce((sum, repo) => sum + repo.lfsBytes + repo.gitBytes, 0);
  }

  /** The stored sum read under the namespace lock (a settle may have landed since `measured`). */
  private async usedBytesIn(trx: Db, namespace: string, measured: number): Promise<number> {
    const row = await trx
      .selectFrom("repo_storage")
      .innerJoin("repos", (join) =>
        join
          .onRef("repo_storage.repo_type", "=", "repos.type")
          .onRef("repo_storage.repo_full_id", "=", "repos.full_id"),
      )
      .select((eb) =>
        eb.fn
          .sum<number | string | null>(eb("repo_storage.lfs_bytes", "+", eb.ref("repo_storage.git_bytes")))
          .as("used"),
      )
      .where((eb) => eb(eb.fn("lower", ["repos.owner"]), "=", namespace.toLowerCase()))
      .where("repos.mirror_upstream", "is", null)
      .executeTakeFirst();
    return Math.max(Number(row?.used ?? 0), measured);
  }

  /** Holds the namespace's lock row until the transaction ends (a row lock on PostgreSQL). */
  private async lockNamespace(trx: Transaction<Database & QuotaTables>, namespace: string): Promise<void> {
    await trx
      .insertInto("storage_locks")
      .values({ namespace_lower: namespace, version: 0 })
      .onConflict((oc) => oc.column("namespace_lower").doNothing())
      .execute();
    await trx
      .updateTable("storage_locks")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("namespace_lower", "=", namespace)
      .execute();
  }

  private refuseOver(namespace: string, limit: number, used: number, needed: number): void {
    if (used + needed <= limit) return;
    throw new HttpError(
      413,
      `Storage quota exceeded: ${namespace} uses ${bytesText(used)} of its ${bytesText(limit)} quota and this upload needs ${bytesText(needed)} more (${bytesText(used + needed - limit)} over). Delete files or ask a site admin to raise the quota.`,
    );
  }
}
