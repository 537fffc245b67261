import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { recordAuditEvent } from "../audit/record.js";

/** The scan tables extend the hub's schema; the audit log writes only its own tables through this view. */
const auditView = (trx: Kysely<Database & ScanTables>): Kysely<Database> =>
  trx as unknown as Kysely<Database>;
import type { ScanReleaseTable, ScanRefusalTable, ScanResultTable, ScanTables } from "./tables.js";

type Db = Kysely<Database & ScanTables>;

/** One content to queue: an LFS object or a git blob, and a path it was seen under. */
export interface QueueItem {
  key: string;
  sha256?: string;
  gitOid?: string;
  size: number;
  name: string;
  repo: string;
}

const CHUNK = 300;

function now(): string {
  return new Date().toISOString();
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The scan tables: results per content, the queue (rows not done), releases and refusals. */
export class ScanStore {
  readonly db: Db;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<ScanTables>();
  }

  async get(key: string): Promise<ScanResultTable | undefined> {
    return this.db.selectFrom("scan_results").selectAll().where("key", "=", key).executeTakeFirst();
  }

  async lookup(keys: readonly string[]): Promise<Map<string, ScanResultTable>> {
    const found = new Map<string, ScanResultTable>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await this.db.selectFrom("scan_results").selectAll().where("key", "in", part).execute();
      for (const row of rows) found.set(row.key, row);
    }
    return found;
  }

  /** Queues the contents that have no row yet; returns how many were new. */
  async enqueue(items: readonly QueueItem[], priority = 0): Promise<number> {
    let added = 0;
    for (const part of chunks(items)) {
      const known = new Set(
        (
          await this.db
            .selectFrom("scan_results")
            .select("key")
            .where(
              "key",
              "in",
              part.map((i) => i.key),
            )
            .execute()
        ).map((row) => row.key),
      );
      const fresh = new Map<string, QueueItem>();
      for (const item of part) if (!known.has(item.key)) fresh.set(item.key, item);
      if (fresh.size === 0) continue;
      const at = now();
      const result = await this.db
        .insertInto("scan_results")
        .values(
          [...fresh.values()].map((item) => ({
            key: item.key,
            sha256: item.sha256 ?? null,
            git_oid: item.gitOid ?? null,
            size: item.size,
            name_hint: item.name,
            seen_repo: item.repo,
            state: "queued" as const,
            priority,
            status: "queued" as const,
            attempts: 0,
            queued_at: at,
          })),
        )
        .onConflict((oc) => oc.column("key").doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** Someone waits for these contents' verdicts: they go to the front of the queue. */
  async hurry(keys: readonly string[]): Promise<void> {
    for (const part of chunks(keys))
      await this.db
        .updateTable("scan_results")
        .set({ priority: 1 })
        .where("key", "in", part)
        .where("state", "=", "queued")
        .execute();
  }

  /** Takes up to `count` queued rows for this process (a row is taken by one replica only). */
  async claim(owner: string, count: number): Promise<ScanResultTable[]> {
    const candidates = await this.db
      .selectFrom("scan_results")
      .selectAll()
      .where("state", "=", "queued")
      .orderBy("priority", "desc")
      // newest first: a fresh upload is not kept waiting behind a backlog (a first start's catalogue)
      .orderBy("queued_at", "desc")
      .limit(count)
      .execute();
    const claimed: ScanResultTable[] = [];
    for (const row of candidates) {
      const at = now();
      const result = await this.db
        .updateTable("scan_results")
        .set({ state: "running", claimed_by: owner, started_at: at, attempts: row.attempts + 1 })
        .where("key", "=", row.key)
        .where("state", "=", "queued")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        claimed.push({
          ...row,
          state: "running",
          claimed_by: owner,
          started_at: at,
          attempts: row.attempts + 1,
        });
    }
    return claimed;
  }

  async complete(key: string, values: Partial<ScanResultTable>): Promise<void> {
    await this.db
      .updateTable("scan_results")
      .set({ ...values, state: "done", priority: 0, claimed_by: null, scanned_at: now() })
      .where("key", "=", key)
      .execute();
  }

  async forget(key: string): Promise<void> {
    await this.db.deleteFrom("scan_results").where("key", "=", key).execute();
  }

  /** Rows another process took but never finished (it stopped) go back to the queue. */
  async requeueAbandoned(owner: string, startedBefore: string): Promise<number> {
    const result = await this.db
      .updateTable("scan_results")
      .set({ state: "queued", claimed_by: null })
      .where("state", "=", "running")
      .where((eb) => eb.or([eb("claimed_by", "is", null), eb("claimed_by", "!=", owner)]))
      .where("started_at", "<", startedBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Queues again what an older scanner or signature database judged: results of another scanner
   * version, and (when clamd answers) malware results of another signature version.
   */
  async requeueOutdated(scannerVersion: string, avVersion: string | undefined): Promise<number> {
    const result = await this.db
      .updateTable("scan_results")
      .set({ state: "queued", queued_at: now() })
      .where("state", "=", "done")
      .where((eb) =>
        eb.or([
          eb("scanner_version", "is", null),
          eb("scanner_version", "!=", scannerVersion),
          ...(avVersion === undefined
            ? []
            : [eb("av_version", "is", null), eb("av_version", "!=", avVersion)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Files whose malware scan failed (clamd was down) are tried again. */
  async requeueFailedAv(scannedBefore: string): Promise<number> {
    const result = await this.db
      .updateTable("scan_results")
      .set({ state: "queued", queued_at: now() })
      .where("state", "=", "done")
      .where("av_status", "=", "error")
      .where("scanned_at", "<", scannedBefore)
      .where("attempts", "<", 20)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Queues every finished result again; `audited` records the admin's `admin.scan_rescan` with it. */
  async requeueAll(audited = false): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("scan_results")
        .set({ state: "queued", queued_at: now() })
        .where("state", "=", "done")
        .executeTakeFirst();
      const queued = Number(result.numUpdatedRows);
      if (audited) await recordAuditEvent(auditView(trx), { type: "admin.scan_rescan", data: { queued } });
      return queued;
    });
  }

  async counts(): Promise<{
    byStatus: Record<string, number>;
    queued: number;
    running: number;
    total: number;
  }> {
    const rows = await this.db
      .selectFrom("scan_results")
      .select(["state", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy(["state", "status"])
      .execute();
    const byStatus: Record<string, number> = {};
    let queued = 0;
    let running = 0;
    let total = 0;
    for (const row of rows) {
      const n = Number(row.n);
      total += n;
      if (row.state === "queued") queued += n;
      else if (row.state === "running") running += n;
      // rows waiting for a rescan keep counting under their last verdict
      if (row.status !== "queued") byStatus[row.status] = (byStatus[row.status] ?? 0) + n;
    }
    return { byStatus, queued, running, total };
  }

  /** Results with a finding (or an error), newest first. */
  async withIssues(limit: number): Promise<ScanResultTable[]> {
    return this.db
      .selectFrom("scan_results")
      .selectAll()
      .where("status", "in", ["unsafe", "suspicious", "caution", "error"])
      .orderBy("scanned_at", "desc")
      .limit(limit)
      .execute();
  }

  async releases(): Promise<ScanReleaseTable[]> {
    return this.db.selectFrom("scan_releases").selectAll().orderBy("released_at", "desc").execute();
  }

  /** Records a site admin's release and its `admin.scan_release` audit event, in one transaction. */
  async release(
    key: string,
    by: string,
    reason: string,
    event: { repo: string | null; path: string | null; status: string },
  ): Promise<ScanReleaseTable> {
    const row = { key, released_by: by, reason, released_at: now() };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("scan_releases")
        .values(row)
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ released_by: by, reason, released_at: row.released_at }),
        )
        .execute();
      await recordAuditEvent(auditView(trx), { type: "admin.scan_release", data: { key, reason, ...event } });
    });
    return row;
  }

  async releaseOf(key: string): Promise<ScanReleaseTable | undefined> {
    return this.db.selectFrom("scan_releases").selectAll().where("key", "=", key).executeTakeFirst();
  }

  async revokeRelease(key: string): Promise<boolean> {
    const result = await this.db.deleteFrom("scan_releases").where("key", "=", key).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Records a refusal; the same kind, repo, path and rule add to one row's count. */
  async refuse(input: {
    kind: "download" | "mirror";
    repoType: string;
    repoId: string;
    path?: string;
    objectKey?: string;
    rule: string;
    message: string;
  }): Promise<void> {
    const id = createHash("sha256")
      .update([input.kind, input.repoType, input.repoId, input.path ?? "", input.rule].join("\u0000"))
      .digest("hex")
      .slice(0, 40);
    const at = now();
    await this.db
      .insertInto("scan_refusals")
      .values({
        id,
        kind: input.kind,
        repo_type: input.repoType,
        repo_id: input.repoId,
        path: input.path ?? null,
        object_key: input.objectKey ?? null,
        rule: input.rule,
        message: input.message,
        count: 1,
        first_at: at,
        last_at: at,
      })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({ count: sql`scan_refusals.count + 1`, last_at: at, message: input.message }),
      )
      .execute();
  }

  async refusals(kind: "download" | "mirror" | undefined, limit: number): Promise<ScanRefusalTable[]> {
    let query = this.db.selectFrom("scan_refusals").selectAll().orderBy("last_at", "desc").limit(limit);
    if (kind) query = query.where("kind", "=", kind);
    return query.execute();
  }
}
