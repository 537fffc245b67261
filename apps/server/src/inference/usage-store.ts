import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { InferenceTables } from "./usage-table.js";

export interface UsageRecord {
  user: string;
  billTo: string | null;
  model: string;
  backend: string;
  route: string;
  streamed: boolean;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  status: number;
  startedAt: Date;
}

export interface UsageTotals {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  durationMs: number;
}

export interface UsageReport extends UsageTotals {
  since: string;
  until: string;
  models: (UsageTotals & { model: string })[];
}

type Filter = { column: "user_name" | "bill_to"; value: string };
type Numeric = number | string | bigint | null;

/** Rows written in one INSERT at most (PostgreSQL takes at most 65535 parameters a statement). */
const MAX_BATCH = 1000;
/**
 * How long a queued row waits for others to share its INSERT. One row per statement cost ~0.2 ms of the
 * event loop on SQLite (a commit each), as much as the rest of a small inference call; readers of usage
 * and the hub's shutdown flush at once, so nobody sees the delay.
 */
const GROUP_WINDOW_MS = 25;

/** The store of each database, so tests can wait for the rows still on their way. */
const storesOf = new WeakMap<object, Set<UsageStore>>();

/** Resolves once every usage row recorded so far on `db` is written. */
export async function usageWritesSettled(db: Kysely<Database>): Promise<void> {
  await Promise.all([...(storesOf.get(db) ?? [])].map((store) => store.settled()));
}

/**
 * Writes one row per gateway call and sums them for the usage pages. Rows are group-committed off the
 * request path: `record` queues the row, and everything queued within GROUP_WINDOW_MS goes to the
 * database in one INSERT (the answer does not wait for it). Readers settle first.
 */
export class UsageStore {
  private readonly db: Kysely<Database & InferenceTables>;
  private queued: { entry: UsageRecord; done: () => void; failed: (err: unknown) => void }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<InferenceTables>();
    const stores = storesOf.get(db) ?? new Set<UsageStore>();
    stores.add(this);
    storesOf.set(db, stores);
  }

  /** Queues the row; resolves once it is written (rejects if that fails). */
  record(entry: UsageRecord): Promise<void> {
    return new Promise((done, failed) => {
      this.queued.push({ entry, done, failed });
      if (this.queued.length >= MAX_BATCH) return this.flush();
      if (this.scheduled) return;
      this.scheduled = true;
      setTimeout(() => this.flush(), GROUP_WINDOW_MS).unref();
    });
  }

  /** Resolves when every row queued so far is written. */
  async settled(): Promise<void> {
    if (this.queued.length > 0) this.flush();
    await this.writing;
  }

  private flush(): void {
    this.scheduled = false;
    this.writing = this.writing.then(() => this.writeQueued());
  }

  private async writeQueued(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0, MAX_BATCH);
      try {
        await this.db
          .insertInto("inference_usage")
          .values(batch.map(({ entry }) => usageRow(entry)))
          .execute();
        for (const item of batch) item.done();
      } catch (err) {
        for (const item of batch) item.failed(err);
      }
    }
  }

  /** Prompt + completion tokens the user spent since `since` (the monthly quota). */
  async tokensOfUserSince(user: string, since: Date): Promise<number> {
    await this.settled();
    const row = await this.db
      .selectFrom("inference_usage")
      .select((eb) => [
        eb.fn.sum<Numeric>("prompt_tokens").as("prompt"),
        eb.fn.sum<Numeric>("completion_tokens").as("completion"),
      ])
      .where("user_name", "=", user)
      .where("created_at", ">=", since.toISOString())
      .executeTakeFirst();
    return Number(row?.prompt ?? 0) + Number(row?.completion ?? 0);
  }

  async userReport(user: string, since: Date, until: Date): Promise<UsageReport> {
    return this.report({ column: "user_name", value: user }, since, until);
  }

  async orgReport(
    org: string,
    since: Date,
    until: Date,
  ): Promise<UsageReport & { users: (UsageTotals & { user: string })[] }> {
    const report = await this.report({ column: "bill_to", value: org }, since, until);
    const rows = await this.grouped({ column: "bill_to", value: org }, since, "user_name");
    return { ...report, users: rows.map(({ key, ...totals }) => ({ user: key, ...totals })) };
  }

  private async report(filter: Filter, since: Date, until: Date): Promise<UsageReport> {
    await this.settled();
    const rows = await this.grouped(filter, since, "model");
    const models = rows.map(({ key, ...totals }) => ({ model: key, ...totals }));
    const sum = (pick: (t: UsageTotals) => number) => models.reduce((total, m) => total + pick(m), 0);
    return {
      since: since.toISOString(),
      until: until.toISOString(),
      requests: sum((m) => m.requests),
      promptTokens: sum((m) => m.promptTokens),
      completionTokens: sum((m) => m.completionTokens),
      totalTokens: sum((m) => m.totalTokens),
      durationMs: sum((m) => m.durationMs),
      models,
    };
  }

  private async grouped(
    filter: Filter,
    since: Date,
    by: "model" | "user_name",
  ): Promise<(UsageTotals & { key: string })[]> {
    const rows = await this.db
      .selectFrom("inference_usage")
      .select((eb: ExpressionBuilder<Database & InferenceTables, "inference_usage">) => [
        eb.ref(by).as("key"),
        eb.fn.countAll<number | string | bigint>().as("requests"),
        eb.fn.sum<Numeric>("prompt_tokens").as("prompt"),
        eb.fn.sum<Numeric>("completion_tokens").as("completion"),
        eb.fn.sum<Numeric>("duration_ms").as("duration"),
      ])
      .where(filter.column, "=", filter.value)
      .where("created_at", ">=", since.toISOString())
      .groupBy(by)
      .orderBy(by)
      .execute();
    return rows.map((row) => {
      const promptTokens = Number(row.prompt ?? 0);
      const completionTokens = Number(row.completion ?? 0);
      return {
        key: String(row.key),
        requests: Number(row.requests ?? 0),
        promptTokens,
        completionTokens,
        totalTokens: promptTokens + completionTokens,
        durationMs: Number(row.duration ?? 0),
      };
    });
  }
}

function usageRow(entry: UsageRecord) {
  return {
    id: randomUUID(),
    created_at: entry.startedAt.toISOString(),
    user_name: entry.user,
    bill_to: entry.billTo,
    model: entry.model,
    backend: entry.backend,
    route: entry.route,
    streamed: entry.streamed ? 1 : 0,
    prompt_tokens: Math.max(0, Math.round(entry.promptTokens)),
    completion_tokens: Math.max(0, Math.round(entry.completionTokens)),
    duration_ms: Math.max(0, Math.round(entry.durationMs)),
    status: entry.status,
  };
}
