import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { ContentLogger } from "../domain/ports.js";
import { pruneAuditEvents, type PruneResult } from "./retention.js";
import { auditSecretOf } from "./secret.js";
import type { AuditSettings } from "./settings.js";
import { configuredSinks, type AuditSink } from "./stream/sinks.js";
import { AuditStreamer } from "./stream/streamer.js";
import { verifyAuditChain, type AuditVerifyReport } from "./verify.js";

/** The running hub's audit jobs: streaming to the configured sinks and retention. */
export class AuditService {
  readonly streamer: AuditStreamer;
  private retentionTimer: NodeJS.Timeout | undefined;
  /** A check under way: callers asking meanwhile share it (a large log takes seconds to walk). */
  private verifying: Promise<AuditVerifyReport> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: AuditSettings,
    private readonly logger: ContentLogger,
    /** Whether this replica runs a singleton job ("audit-stream", "audit-retention"). */
    private readonly leads: (job: string) => boolean = () => true,
    sinks: AuditSink[] = configuredSinks(settings.stream),
  ) {
    this.streamer = new AuditStreamer(db, sinks, settings.stream, logger, () => leads("audit-stream"));
  }

  async start(): Promise<void> {
    await this.streamer.start();
    if (this.settings.retentionDays === undefined) return;
    await this.pruneNow().catch((err: unknown) =>
      this.logger.error({ err: String(err) }, "audit retention failed"),
    );
    this.retentionTimer = setInterval(() => {
      if (!this.leads("audit-retention")) return;
      this.pruneNow().catch((err: unknown) =>
        this.logger.error({ err: String(err) }, "audit retention failed"),
      );
    }, this.settings.retentionIntervalMs);
    this.retentionTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.retentionTimer);
    await this.streamer.stop();
  }

  verify(): Promise<AuditVerifyReport> {
    this.verifying ??= verifyAuditChain(this.db, auditSecretOf(this.db)).finally(() => {
      this.verifying = undefined;
    });
    return this.verifying;
  }

  async pruneNow(): Promise<PruneResult | undefined> {
    if (this.settings.retentionDays === undefined) return undefined;
    const result = await pruneAuditEvents(this.db, auditSecretOf(this.db), this.settings.retentionDays);
    if (result) {
      this.logger.info({ ...result, retentionDays: this.settings.retentionDays }, "old audit events removed");
      this.streamer.kick();
    }
    return result;
  }
}
