import type { Config } from "../config/config.js";
import { startHub } from "../server.js";
import { removeHubRuntime, writeHubRuntime } from "./hub-runtime.js";

/** Runs until SIGINT/SIGTERM, then closes the server and database. */
export async function serveCommand(config: Config): Promise<void> {
  // Lets `modelhub token create` / `snippets` in another folder or terminal find this hub.
  const announce = (url: string) => {
    writeHubRuntime(config.dataDir, { url, pid: process.pid, startedAt: new Date().toISOString() });
    process.on("exit", () => removeHubRuntime(config.dataDir, process.pid));
  };
  // the PostgreSQL schema, as the one-shot commands read it (tests run several hubs on one database)
  const hub = await startHub(config, {
    onListening: announce,
    databaseSchema: process.env.MODELHUB_DATABASE_SCHEMA,
  });
  // the SQL console's launcher forks while the hub is small (forking costs more as the hub grows)
  hub.datasetViewer?.warmSqlConsole();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drainMs = config.net.shutdownDrainMs;
    hub.logger.info({ signal, drainSeconds: drainMs / 1000 }, "shutting down: finishing in-flight requests");
    // A safety net only: close() cuts connections at the drain deadline; this covers a hung database.
    const force = setTimeout(() => process.exit(1), drainMs + 15_000);
    force.unref();
    hub.close(drainMs).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}
