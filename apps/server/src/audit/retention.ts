import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { retentionMac } from "./chain.js";
import { recordAuditEvent } from "./record.js";
import { auditTables } from "./tables.js";

const DAY_MS = 86_400_000;
/** Events removed per transaction, so a first run over a large log never holds the chain for long. */
const BATCH = 5000;

export interface PruneResult {
  removed: number;
  /** The summary now stands in for events 1…throughSeq. */
  throughSeq: number;
}

/**
 * Removes events older than `retentionDays`, oldest first, in batches. Each batch deletes events and
 * rewrites the signed summary (the last removed event's seq, hash and time, and how many are gone) in
 * one transaction that holds the chain head, so the chain always starts from a signed point and
 * `audit verify` keeps passing. Ends with an `audit.prune` event when anything was removed.
 */
export async function pruneAuditEvents(
  database: Kysely<Database>,
  key: Buffer,
  retentionDays: number,
  now = Date.now(),
): Promise<PruneResult | undefined> {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  let removed = 0;
  let throughSeq = 0;
  for (;;) {
    const batch = await database.transaction().execute(async (trx) => {
      const db = auditTables(trx);
      // the head's row lock first: appends wait while a batch goes
      await db
        .updateTable("audit_chain")
        .set({ seq: sql<number>`seq` })
        .where("id", "=", 1)
        .execute();
      const oldest = await db
        .selectFrom("audit_events")
        .select(["seq", "hash", "created_at"])
        .where("created_at", "<", cutoff)
        // along the (created_at, seq) index: the two orders agree
        .orderBy("created_at", "asc")
        .orderBy("seq", "asc")
        .offset(BATCH - 1)
        .limit(1)
        .executeTakeFirst();
      const last =
        oldest ??
        (await db
          .selectFrom("audit_events")
          .select(["seq", "hash", "created_at"])
          .where("created_at", "<", cutoff)
          .orderBy("created_at", "desc")
          .orderBy("seq", "desc")
          .limit(1)
          .executeTakeFirst());
      if (!last) return 0;
      const deleted = await db.deleteFrom("audit_events").where("seq", "<=", last.seq).executeTakeFirst();
      const count = Number(deleted.numDeletedRows);
      const previous = await db
        .selectFrom("audit_retention")
        .select("pruned")
        .where("id", "=", 1)
        .executeTakeFirst();
      const summary = {
        through_seq: Number(last.seq),
        through_hash: last.hash,
        through_created_at: last.created_at,
        pruned: Number(previous?.pruned ?? 0) + count,
      };
      const signed = { ...summary, signed_at: new Date().toISOString(), mac: retentionMac(key, summary) };
      if (previous) await db.updateTable("audit_retention").set(signed).where("id", "=", 1).execute();
      else
        await db
          .insertInto("audit_retention")
          .values({ id: 1, ...signed })
          .execute();
      throughSeq = summary.through_seq;
      return count;
    });
    removed += batch;
    if (batch < BATCH) break;
  }
  if (removed === 0) return undefined;
  await recordAuditEvent(database, {
    type: "audit.prune",
    data: { removed, throughSeq, retentionDays, before: cutoff },
  });
  return { removed, throughSeq };
}
