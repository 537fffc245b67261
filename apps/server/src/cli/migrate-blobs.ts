import { existsSync } from "node:fs";
import type { Config, Env } from "../config/config.js";
import { S3SettingsError, s3SettingsFrom } from "../content/blobs/s3/s3-settings.js";
import { formatBytes } from "../maintenance/gc/gc-report.js";
import { migrateBlobs, type MigrationReport } from "../maintenance/migrate-blobs.js";
import { openBlobStore } from "../compose/blob-store.js";
import type { Output } from "./context.js";
import { UsageError } from "./usage-error.js";

export interface MigrateFlags {
  to?: string;
  workers?: string;
}

/**
 * `modelhub migrate-blobs --to s3://bucket/prefix [--workers N]`: copies the data folder's LFS objects
 * into object storage (endpoint and credentials from the AWS variables), verifying each on the way.
 * Run it again to resume; then start the hub with MODELHUB_BLOB_STORE set to the same URL.
 */
export async function migrateBlobsCommand(
  config: Config,
  env: Env,
  flags: MigrateFlags,
  io: Output,
  tty: boolean,
): Promise<number> {
  if (!flags.to) throw new UsageError("migrate-blobs needs --to s3://bucket[/prefix]");
  if (!existsSync(config.dataDir)) throw new UsageError(`no hub data folder at ${config.dataDir}`);
  const workers = Number(flags.workers ?? "4");
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError("--workers takes a whole number from 1 to 64");
  let s3;
  try {
    s3 = s3SettingsFrom(env, flags.to);
  } catch (err) {
    if (err instanceof S3SettingsError) throw new UsageError(err.message);
    throw err;
  }
  const target = await openBlobStore({ s3 });
  if (!target) throw new UsageError("migrate-blobs needs --to s3://bucket[/prefix]");
  io.err(`modelhub: copying the LFS objects of ${config.dataDir}/lfs to ${target.location}`);
  let lastLine = 0;
  const report = await migrateBlobs({
    dataDir: config.dataDir,
    target,
    workers,
    progress: (now) => {
      const done = now.copied + now.skipped + now.failed.length;
      if (tty) process.stderr.write(`\r\x1b[K${progressLine(now, done)}`);
      else if (Date.now() - lastLine > 5000 || done === now.objects) {
        lastLine = Date.now();
        io.err(progressLine(now, done));
      }
    },
  });
  target.client.destroy();
  if (tty) process.stderr.write("\r\x1b[K");
  io.out(
    `objects: ${report.objects} (${formatBytes(report.bytes)}); copied and verified: ${report.copied} ` +
      `(${formatBytes(report.copiedBytes)}); already there: ${report.skipped}; failed: ${report.failed.length}; ` +
      `${report.seconds.toFixed(1)} s`,
  );
  for (const failure of report.failed) io.err(`modelhub: ${failure.oid}: ${failure.error}`);
  if (report.failed.length === 0)
    io.out(`done: start the hub with MODELHUB_BLOB_STORE=${target.location} (and the same AWS variables)`);
  return report.failed.length > 0 ? 1 : 0;
}

function progressLine(report: MigrationReport, done: number): string {
  const rate = report.seconds > 0 ? report.copiedBytes / report.seconds : 0;
  return `${done}/${report.objects} objects, ${formatBytes(report.copiedBytes)} copied (${formatBytes(rate)}/s)`;
}
