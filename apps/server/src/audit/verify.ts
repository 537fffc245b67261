import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { eventHash, GENESIS_HASH, headMac, retentionMac, sameMac } from "./chain.js";
import { auditTables, type AuditEventTable } from "./tables.js";

import type { AuditVerifyReport } from "@modelhub/api-types";

export type { AuditVerifyReport };
/** The first problem found (the walk stops there): the first event wrong or missing, and why. */
export type AuditProblem = NonNullable<AuditVerifyReport["problem"]>;

// events per query: also the slice of hashing done between two turns of the event loop
const PAGE = 1000;

/**
 * Walks the chain from the retention summary (or the first event) to the head and reports the first
 * event that was altered (its contents no longer match its hash), deleted (a gap in the links or in
 * `seq`, or a head pointing past the last event), or reordered (an event whose link names the event that
 * now follows it). The summary and the head must carry the hub key's signature. Events appended while
 * it runs (after the head it read) are left for the next run.
 */
export async function verifyAuditChain(database: Kysely<Database>, key: Buffer): Promise<AuditVerifyReport> {
  const db = auditTables(database);
  const [head, summary] = await database.transaction().execute(async (trx) => {
    const tables = auditTables(trx);
    return Promise.all([
      tables.selectFrom("audit_chain").selectAll().where("id", "=", 1).executeTakeFirstOrThrow(),
      tables.selectFrom("audit_retention").selectAll().where("id", "=", 1).executeTakeFirst(),
    ]);
  });
  const report: AuditVerifyReport = {
    ok: true,
    checked: 0,
    firstSeq: null,
    lastSeq: null,
    retention: summary
      ? {
          throughSeq: Number(summary.through_seq),
          pruned: Number(summary.pruned),
          signedAt: summary.signed_at,
        }
      : null,
  };
  const fail = (problem: AuditProblem): AuditVerifyReport => ({ ...report, ok: false, problem });

  if (summary && !sameMac(summary.mac, retentionMac(key, summary)))
    return fail({
      kind: "summary",
      seq: Number(summary.through_seq),
      message: `the retention summary (events 1-${summary.through_seq}) is not signed by this hub's key: it was edited`,
    });
  const headSeq = Number(head.seq);
  if (headSeq > 0 && !sameMac(head.mac, headMac(key, head)))
    return fail({
      kind: "head",
      seq: headSeq,
      message: `the chain head (seq ${headSeq}) is not signed by this hub's key: it was edited (or audit-secret is not this hub's)`,
    });

  let expectedSeq = summary ? Number(summary.through_seq) + 1 : 1;
  let expectedPrev = summary ? summary.through_hash : GENESIS_HASH;
  let after = expectedSeq - 1;
  let buffered: AuditEventTable[] = [];
  const nextRows = async (): Promise<AuditEventTable[]> =>
    db
      .selectFrom("audit_events")
      .selectAll()
      .where("seq", ">", after)
      .where("seq", "<=", headSeq)
      .orderBy("seq", "asc")
      .limit(PAGE)
      .execute();
  buffered = await nextRows();
  while (buffered.length > 0) {
    after = Number(buffered[buffered.length - 1].seq);
    const more = await nextRows();
    for (let i = 0; i < buffered.length; i++) {
      const row = buffered[i];
      const following = i + 1 < buffered.length ? buffered[i + 1] : more[0];
      const seq = Number(row.seq);
      report.firstSeq ??= seq;
      const where = `event seq ${seq} (${row.id}, ${row.type})`;
      if (row.hash !== eventHash(row))
        return fail({
          kind: "altered",
          seq,
          id: row.id,
          message: `${where} was altered: it no longer matches its hash`,
        });
      if (row.prev_hash !== expectedPrev) {
        if (following && row.prev_hash === following.hash)
          return fail({
            kind: "reordered",
            seq,
            id: row.id,
            message: `${where} is out of order: it was written after the event now at seq ${Number(following.seq)}`,
          });
        return fail({
          kind: "deleted",
          seq: expectedSeq,
          id: row.id,
          message: `the link before ${where} is broken: the event before it was deleted, or rewritten with a new hash`,
        });
      }
      if (seq !== expectedSeq)
        return fail({
          kind: "deleted",
          seq: expectedSeq,
          message: `events seq ${expectedSeq}${seq - 1 > expectedSeq ? `-${seq - 1}` : ""} were deleted (the chain goes on at ${where})`,
        });
      report.checked++;
      report.lastSeq = seq;
      expectedPrev = row.hash;
      expectedSeq = seq + 1;
    }
    buffered = more;
  }
  if (expectedSeq - 1 !== headSeq || expectedPrev !== head.hash)
    return fail({
      kind: expectedSeq - 1 < headSeq ? "truncated" : "deleted",
      seq: expectedSeq,
      message:
        expectedSeq - 1 < headSeq
          ? `events seq ${expectedSeq}-${headSeq} were deleted (the signed chain head names seq ${headSeq})`
          : `the newest events do not lead to the signed chain head (seq ${headSeq})`,
    });
  return report;
}
