import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { ContentLogger } from "../../domain/ports.js";
import { auditEventJson } from "../present.js";
import type { AuditStreamSettings } from "../settings.js";
import { auditTables, type AuditDb } from "../tables.js";
import type { AuditSink } from "./sinks.js";

const BATCH = 100;

/** Wait before the next try after `failures` failures in a row: base, doubling, capped. */
export function streamBackoffMs(settings: AuditStreamSettings, failures: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Delivers every audit event to every sink in chain order, at least once: each sink has a cursor in the
 * database (the last seq it acknowledged), moved only after a delivery succeeded; a failed delivery is
 * tried again (backoff doubling up to `retryMaxMs`) and nothing after it goes first. A sink seen for
 * the first time starts at the log's end. With replicas, only the leader of the "audit-stream" job sends.
 */
export class AuditStreamer {
  private readonly db: AuditDb;
  private stopped = true;
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();

  constructor(
    database: Kysely<Database>,
    private readonly sinks: AuditSink[],
    private readonly settings: AuditStreamSettings,
    private readonly logger: ContentLogger,
    private readonly leads: () => boolean = () => true,
  ) {
    this.db = auditTables(database);
  }

  async start(): Promise<void> {
    if (this.sinks.length === 0) return;
    this.stopped = false;
    for (const sink of this.sinks) {
      await this.ensureCursor(sink);
      this.loops.push(this.run(sink));
    }
  }

  /** Looks for new events now instead of at the next poll. */
  kick(): void {
    for (const wake of this.wakers) wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick();
    await Promise.allSettled(this.loops);
  }

  private async ensureCursor(sink: AuditSink): Promise<void> {
    const head = await this.db.selectFrom("audit_chain").select("seq").where("id", "=", 1).executeTakeFirst();
    await this.db
      .insertInto("audit_stream_cursors")
      .values({
        sink: sink.name,
        last_seq: Number(head?.seq ?? 0),
        updated_at: new Date().toISOString(),
        failures: 0,
        last_error: null,
      })
      .onConflict((oc) => oc.column("sink").doNothing())
      .execute();
  }

  /** Sleeps `ms`; `interruptible` waits also end on kick() (a backoff only ends early on stop()). */
  private sleep(ms: number, interruptible: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const wake = () => {
        if (interruptible || this.stopped) done();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakers.add(wake);
    });
  }

  private async run(sink: AuditSink): Promise<void> {
    while (!this.stopped) {
      let wait: { ms: number; interruptible: boolean } = { ms: this.settings.pollMs, interruptible: true };
      try {
        if (this.leads()) wait = (await this.deliverSome(sink)) ?? { ms: 0, interruptible: true };
      } catch (err) {
        this.logger.error({ err: String(err), sink: sink.name }, "audit stream failed");
      }
      if (wait.ms > 0 && !this.stopped) await this.sleep(wait.ms, wait.interruptible);
    }
  }

  /** Sends the next events in order; says how long to wait, or undefined to go on at once. */
  private async deliverSome(sink: AuditSink): Promise<{ ms: number; interruptible: boolean } | undefined> {
    const cursor = await this.db
      .selectFrom("audit_stream_cursors")
      .selectAll()
      .where("sink", "=", sink.name)
      .executeTakeFirstOrThrow();
    let last = Number(cursor.last_seq);
    const summary = await this.db
      .selectFrom("audit_retention")
      .select("through_seq")
      .where("id", "=", 1)
      .executeTakeFirst();
    if (summary && Number(summary.through_seq) > last) {
      this.logger.warn(
        { sink: sink.name, from: last + 1, to: Number(summary.through_seq) },
        "audit events removed by retention before this sink received them",
      );
      last = Number(summary.through_seq);
      await this.advance(sink, last);
    }
    const rows = await this.db
      .selectFrom("audit_events")
      .selectAll()
      .where("seq", ">", last)
      .orderBy("seq", "asc")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return { ms: this.settings.pollMs, interruptible: true };
    let failures = Number(cursor.failures);
    for (const row of rows) {
      if (this.stopped) return undefined;
      const result = await sink.deliver(auditEventJson(row));
      if (!result.ok) {
        failures++;
        await this.db
          .updateTable("audit_stream_cursors")
          .set({ failures, last_error: result.error.slice(0, 500), updated_at: new Date().toISOString() })
          .where("sink", "=", sink.name)
          .execute();
        const ms = streamBackoffMs(this.settings, failures);
        this.logger.warn(
          { sink: sink.name, seq: Number(row.seq), failures, retryInMs: ms, error: result.error },
          "audit stream delivery failed; will retry",
        );
        return { ms, interruptible: false };
      }
      if (failures > 0)
        this.logger.info(
          { sink: sink.name, seq: Number(row.seq), failures },
          "audit stream delivering again",
        );
      failures = 0;
      await this.advance(sink, Number(row.seq));
    }
    return undefined;
  }

  private async advance(sink: AuditSink, seq: number): Promise<void> {
    await this.db
      .updateTable("audit_stream_cursors")
      .set({ last_seq: seq, failures: 0, last_error: null, updated_at: new Date().toISOString() })
      .where("sink", "=", sink.name)
      .where("last_seq", "<", seq)
      .execute();
  }
}
