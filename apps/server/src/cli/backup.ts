import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config/config.js";
import { backupHub } from "../maintenance/backup/backup.js";
import { restoreHub, RestoreError } from "../maintenance/backup/restore.js";
import { formatBytes } from "../maintenance/gc/gc-report.js";
import type { Output } from "./context.js";
import { runningHub } from "./hub-runtime.js";
import { UsageError } from "./usage-error.js";
import { recordCommandEvent } from "./audit.js";

/** `modelhub backup <dir>`: online, incremental backup of the data folder (safe while the hub serves). */
export async function backupCommand(
  config: Config,
  dir: string | undefined,
  io: Output,
  tty: boolean,
): Promise<number> {
  if (!dir) throw new UsageError("usage: modelhub backup <backup folder>");
  if (!existsSync(config.dataDir)) throw new UsageError(`no hub data folder at ${config.dataDir}`);
  const target = path.resolve(dir);
  if (target === config.dataDir || target.startsWith(`${config.dataDir}${path.sep}`))
    throw new UsageError("the backup folder must be outside the data folder");
  io.err(`modelhub: backing up ${config.dataDir} to ${target}`);
  const manifest = await backupHub({
    dataDir: config.dataDir,
    target,
    externalDatabase: config.databaseUrl !== undefined,
    step: tty ? (message) => process.stderr.write(`\r\x1b[2K${message}`) : undefined,
  });
  if (tty) process.stderr.write("\r\x1b[2K");
  io.out(
    `backed up ${manifest.repos} repositories and ${manifest.lfs.files + manifest.lfs.skipped} LFS objects (${manifest.lfs.files} copied, ${formatBytes(manifest.lfs.bytes)}; ${manifest.lfs.skipped} already in the backup)`,
  );
  if (manifest.database === "external")
    io.out("the database is PostgreSQL: back it up with pg_dump (see README, Operations)");
  return 0;
}

/** `modelhub restore <dir>`: brings a backup back into an empty data folder. */
export async function restoreCommand(config: Config, dir: string | undefined, io: Output): Promise<number> {
  if (!dir) throw new UsageError("usage: modelhub restore <backup folder>");
  if (runningHub(config.dataDir))
    throw new UsageError(`a hub is running on ${config.dataDir}; stop it first`);
  try {
    const manifest = await restoreHub({ source: path.resolve(dir), dataDir: config.dataDir });
    // into the restored database (SQLite), or the one DATABASE_URL names (restored with pg_restore)
    await recordCommandEvent(config, io, {
      type: "admin.restore",
      data: {
        from: path.resolve(dir),
        backupCreatedAt: manifest.createdAt,
        repos: manifest.repos,
        database: manifest.database,
      },
    });
    io.out(
      `restored the backup of ${manifest.createdAt} (${manifest.repos} repositories) into ${config.dataDir}; start the hub, then run modelhub fsck`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreError) throw new UsageError(err.message);
    throw err;
  }
}
