import { openDatabase, type HubDatabase, type OpenDatabaseOptions } from "../db/open-database.js";
import { runPendingStartupJobs } from "./startup-jobs.js";
import { loadAuditSecret, registerAuditSecret } from "../audit/secret.js";

/**
 * Opens and migrates the hub's database, loads the data folder's audit key for it (every audit event
 * written through it is signed into the chain head with that key), then runs the startup jobs its
 * migrations left behind.
 */
export async function openHubDatabase(options: OpenDatabaseOptions): Promise<HubDatabase> {
  const hub = await openDatabase(options);
  try {
    registerAuditSecret(hub.db, loadAuditSecret(options.dataDir));
    await runPendingStartupJobs(hub.db);
  } catch (err) {
    await hub.close();
    throw err;
  }
  return hub;
}
