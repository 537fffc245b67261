import { existsSync } from "node:fs";
import type { Config } from "../config/config.js";
import { openBlobStore } from "../compose/blob-store.js";
import { collectGarbage } from "../maintenance/gc/collect-garbage.js";
import { formatBytes, type GcReport } from "../maintenance/gc/gc-report.js";
import type { Output } from "./context.js";
import { UsageError } from "./usage-error.js";
import { recordCommandEvent } from "./audit.js";
import { gcAuditData } from "../maintenance/gc/gc-scheduler.js";

export interface GcFlags {
  dryRun: boolean;
  /** Overrides MODELHUB_GC_GRACE_H for this run. */
  graceHours?: string;
}

/** `modelhub gc [--dry-run] [--grace-hours H]`: one collection of the data folder (safe while the hub runs). */
export async function gcCommand(config: Config, flags: GcFlags, io: Output, tty: boolean): Promise<number> {
  if (!existsSync(config.dataDir)) throw new UsageError(`no hub data folder at ${config.dataDir}`);
  let graceMs = config.gc.graceMs;
  if (flags.graceHours !== undefined) {
    const hours = Number(flags.graceHours);
    if (!Number.isFinite(hours) || hours < 0)
      throw new UsageError("--grace-hours takes a number of hours (0 or more)");
    graceMs = Math.round(hours * 3_600_000);
  }
  io.err(
    `modelhub: garbage collection of ${config.dataDir}${flags.dryRun ? " (dry run: nothing is deleted)" : ""}`,
  );
  const blobs = await openBlobStore(config);
  const report = await collectGarbage({
    blobs,
    dataDir: config.dataDir,
    graceMs,
    dryRun: flags.dryRun,
    progress: tty ? (message) => process.stderr.write(`\r\x1b[K${message}`) : undefined,
  });
  if (tty) process.stderr.write("\r\x1b[K");
  if (!flags.dryRun)
    await recordCommandEvent(config, io, { type: "admin.gc", data: gcAuditData(report, "cli") });
  for (const line of summary(report)) io.out(line);
  for (const error of report.errors) io.err(`modelhub: ${error}`);
  return report.errors.length > 0 ? 1 : 0;
}

function summary(report: GcReport): string[] {
  const verb = report.dryRun ? "would free" : "freed";
  return [
    `repositories: ${report.repos}; unreachable git objects older than ${report.graceSeconds} s: ${report.git.unreachableObjects}; push quarantines: ${report.git.quarantines}`,
    `lfs objects: ${report.lfs.objects} (${report.lfs.referenced} referenced, ${report.lfs.keptRecent} unreferenced but recent, ${report.lfs.deleted} ${report.dryRun ? "to delete" : "deleted"})`,
    `multipart uploads dropped: ${report.parts.removed}; temp files: ${report.temp.removed}`,
    `${verb} ${formatBytes(report.bytesFreed)} (git ${formatBytes(report.git.bytesFreed)}, lfs ${formatBytes(report.lfs.bytesFreed)}, parts ${formatBytes(report.parts.bytesFreed)}, temp ${formatBytes(report.temp.bytesFreed)})`,
  ];
}
