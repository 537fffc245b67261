import type { Config } from "../config/config.js";
import { openHubDatabase } from "../compose/open-hub-database.js";
import { recordAuditEvent, type AuditEventInput } from "../audit/record.js";
import { pruneAuditEvents } from "../audit/retention.js";
import { auditSecretOf } from "../audit/secret.js";
import { verifyAuditChain } from "../audit/verify.js";
import type { Output } from "./context.js";
import { withExistingHub } from "./hub-target.js";
import { UsageError } from "./usage-error.js";

/**
 * `modelhub audit verify`: checks the hash chain from the retention summary to the signed head; exit 0
 * when intact, 1 naming the first event altered, deleted or reordered.
 * `modelhub audit prune [--days N]`: applies retention now (N, else MODELHUB_AUDIT_RETENTION_DAYS).
 */
export async function auditCommand(
  config: Config,
  args: { words: string[]; days?: string },
  io: Output,
): Promise<number> {
  const [action] = args.words;
  if (action === "verify")
    return withExistingHub(config, io, async ({ hub }) => {
      const report = await verifyAuditChain(hub.db, auditSecretOf(hub.db));
      const range =
        report.firstSeq === null
          ? "no events"
          : `${report.checked} events, seq ${report.firstSeq}-${report.lastSeq}`;
      const summary = report.retention
        ? `; events 1-${report.retention.throughSeq} replaced by the signed retention summary (${report.retention.pruned} removed)`
        : "";
      if (report.ok) {
        io.out(`audit log intact: ${range}${summary}`);
        return 0;
      }
      const problem = report.problem;
      io.out(`audit log NOT intact: ${problem?.kind ?? "problem"} at seq ${problem?.seq ?? "?"}`);
      io.out(`  ${problem?.message ?? ""}`);
      io.out(`  checked before it: ${range}${summary}`);
      return 1;
    });
  if (action === "prune") {
    const days = args.days !== undefined ? Number(args.days) : config.audit.retentionDays;
    if (days === undefined)
      throw new UsageError("audit prune needs --days N (or MODELHUB_AUDIT_RETENTION_DAYS)");
    if (!Number.isFinite(days) || days < 1) throw new UsageError("--days takes a number of days (1 or more)");
    return withExistingHub(config, io, async ({ hub }) => {
      const result = await pruneAuditEvents(hub.db, auditSecretOf(hub.db), days);
      io.out(
        result
          ? `removed ${result.removed} audit events older than ${days} days (the signed summary now covers seq 1-${result.throughSeq})`
          : `no audit events older than ${days} days`,
      );
      return 0;
    });
  }
  throw new UsageError("unknown audit command; use: modelhub audit verify | modelhub audit prune [--days N]");
}

/**
 * Records the event of an operator command that changed the data folder (gc, restore, fsck --repair)
 * in the hub's database. A database that cannot be reached is reported on stderr; the command's own
 * work stands.
 */
export async function recordCommandEvent(config: Config, io: Output, event: AuditEventInput): Promise<void> {
  try {
    const hub = await openHubDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: process.env.MODELHUB_DATABASE_SCHEMA,
    });
    try {
      await recordAuditEvent(hub.db, event);
    } finally {
      await hub.close();
    }
  } catch (err) {
    io.err(`modelhub: the audit event ${event.type} could not be recorded: ${(err as Error).message}`);
  }
}
