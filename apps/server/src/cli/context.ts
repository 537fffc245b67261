import type { Config } from "../config/config.js";
import { openHubDatabase } from "../compose/open-hub-database.js";
import { ensureWritableDataDir } from "../platform/data-dir.js";
import { createPlatformServices, type PlatformServices } from "../platform/services.js";

/** Opens the configured database for a one-shot command and always closes it. */
export async function withServices<T>(
  config: Config,
  run: (services: PlatformServices) => Promise<T>,
): Promise<T> {
  ensureWritableDataDir(config.dataDir);
  const hub = await openHubDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: process.env.MODELHUB_DATABASE_SCHEMA,
  });
  try {
    return await run(createPlatformServices(hub));
  } finally {
    await hub.close();
  }
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export const stdio: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};
