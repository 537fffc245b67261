import type { GcSettings } from "../../config/maintenance-settings.js";
import type { ListableBlobStore } from "../../content/blobs/blob-store.js";
import type { AuditTrail, ContentLogger } from "../../domain/ports.js";
import { dataLayout } from "../../content/data-layout.js";
import { collectGarbage } from "./collect-garbage.js";
import { GcBusyError } from "./gc-lock.js";
import { readLastRun, type GcReport } from "./gc-report.js";

/** The running hub's garbage collection: a sweep every interval, and runs an admin asks for. */
export class GcScheduler {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<GcReport> | undefined;
  private next: Date | undefined;

  constructor(
    private readonly dataDir: string,
    readonly settings: GcSettings,
    private readonly logger: ContentLogger,
    /** LFS objects in object storage instead of the data folder. */
    private readonly blobs?: ListableBlobStore,
    /** Scheduled runs happen on the replica leading the "gc" job only (admin runs anywhere). */
    private readonly leads: () => boolean = () => true,
    /** Where runs that deleted data are recorded (`admin.gc`). */
    private readonly audit?: AuditTrail,
  ) {}

  start(): void {
    if (this.settings.intervalMs <= 0) return;
    this.schedule();
  }

  private schedule(): void {
    this.next = new Date(Date.now() + this.settings.intervalMs);
    this.timer = setTimeout(() => {
      if (!this.leads()) {
        this.schedule();
        return;
      }
      this.run(false, "schedule")
        .catch((err: unknown) => {
          if (err instanceof GcBusyError)
            this.logger.info({ reason: err.message }, "garbage collection skipped");
          else this.logger.error({ err: String(err) }, "garbage collection failed");
        })
        .finally(() => {
          if (this.timer) this.schedule();
        });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  get running(): boolean {
    return this.current !== undefined;
  }

  get nextRunAt(): Date | undefined {
    return this.timer ? this.next : undefined;
  }

  lastRun(): Promise<GcReport | undefined> {
    return readLastRun(dataLayout(this.dataDir).gcLastRun);
  }

  /**
   * Runs now (one run at a time); rejects with GcBusyError while another runs. A run that may delete
   * (not a dry run) is an `admin.gc` audit event: always when an admin asked, when it freed anything
   * when scheduled.
   */
  run(dryRun: boolean, trigger: "api" | "schedule" = "api"): Promise<GcReport> {
    if (this.current) return Promise.reject(new GcBusyError("garbage collection is already running"));
    const run = collectGarbage({
      dataDir: this.dataDir,
      graceMs: this.settings.graceMs,
      dryRun,
      blobs: this.blobs,
    }).then(async (report) => {
      this.logger.info(
        {
          dryRun,
          bytesFreed: report.bytesFreed,
          lfsDeleted: report.lfs.deleted,
          unreachableGitObjects: report.git.unreachableObjects,
          errors: report.errors.length,
        },
        "garbage collection done",
      );
      const freedAnything =
        report.bytesFreed > 0 || report.lfs.deleted > 0 || report.git.unreachableObjects > 0;
      if (!dryRun && this.audit && (trigger === "api" || freedAnything))
        await this.audit.record({ type: "admin.gc", data: gcAuditData(report, trigger) });
      return report;
    });
    this.current = run;
    return run.finally(() => {
      this.current = undefined;
    });
  }

  /** Stops the schedule; a run under way is left to finish or die with the process (each step is atomic). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** What an `admin.gc` event keeps of a run's report. */
export function gcAuditData(report: GcReport, trigger: string): Record<string, unknown> {
  return {
    trigger,
    bytesFreed: report.bytesFreed,
    lfsDeleted: report.lfs.deleted,
    gitObjectsPruned: report.git.unreachableObjects,
    partsRemoved: report.parts.removed,
    tempRemoved: report.temp.removed,
    errors: report.errors.length,
    graceSeconds: report.graceSeconds,
  };
}
