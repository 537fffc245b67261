import { openDatabase, type HubDatabase, type OpenDatabaseOptions } from "../db/open-database.js";
import { runPendingStartupJobs } from "./startup-jobs.js";

/** Opens and migrates the hub's database, then runs the startup jobs its migrations left behind. */
export async function openHubDatabase(options: OpenDatabaseOptions): Promise<HubDatabase> {
  const hub = await openDatabase(options);
  try {
    await runPendingStartupJobs(hub.db);
  } catch (err) {
    await hub.close();
    throw err;
  }
  return hub;
}
