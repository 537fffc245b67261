import fs from "node:fs";
import type { Config } from "../config/config.js";
import { openHubDatabase } from "../compose/open-hub-database.js";
import { sqliteFile } from "../db/open-database.js";
import { createPlatformServices, type PlatformServices } from "../platform/services.js";
import type { Output } from "./context.js";
import { runningHub, type HubRuntime } from "./hub-runtime.js";

export class HubNotFoundError extends Error {}

/** The existing hub a command acts on: its data folder and, when it is running, its process. */
export interface HubTarget {
  dataDir: string;
  /** The running hub's address, else the configured one. */
  url: string;
  running?: HubRuntime;
  /** The folder holds no hub database yet. */
  fresh: boolean;
}

const ORIGINS: Record<Config["dataDirFrom"], string> = {
  "--data": "given with --data",
  MODELHUB_DATA: "from MODELHUB_DATA",
  default: "the default next to the install; use --data or MODELHUB_DATA for another",
};

/**
 * Finds the hub's data folder without creating it (one clear line when it is missing). An existing
 * empty folder is fine: it becomes a hub's data, as `serve` would make it. With PostgreSQL the data
 * lives in the database, so the folder may be elsewhere.
 */
export function existingHub(config: Config): HubTarget {
  if (!config.databaseUrl && !fs.existsSync(config.dataDir))
    throw new HubNotFoundError(
      `no hub data folder ${config.dataDir} (${ORIGINS[config.dataDirFrom]}); start the hub with "modelhub serve" first`,
    );
  const running = runningHub(config.dataDir);
  return {
    dataDir: config.dataDir,
    url: running?.url ?? config.publicUrl,
    running,
    fresh: !config.databaseUrl && !fs.existsSync(sqliteFile(config.dataDir)),
  };
}

export function describeHub(target: HubTarget): string {
  if (target.running)
    return `the hub running at ${target.url} (pid ${target.running.pid}, data ${target.dataDir})`;
  if (target.fresh) return `a new hub database in ${target.dataDir} (no hub has run on it yet)`;
  return `the hub data in ${target.dataDir} (no hub is running on it now; links use ${target.url})`;
}

/** Opens an existing hub's database for a one-shot command (saying which hub on stderr), then closes it. */
export async function withExistingHub<T>(
  config: Config,
  io: Output,
  run: (services: PlatformServices, target: HubTarget) => Promise<T>,
): Promise<T> {
  const target = existingHub(config);
  io.err(`modelhub: using ${describeHub(target)}`);
  const hub = await openHubDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: process.env.MODELHUB_DATABASE_SCHEMA,
  });
  try {
    return await run(createPlatformServices(hub), target);
  } finally {
    await hub.close();
  }
}
