import { sql, type Kysely } from "kysely";
import type { DialectName } from "./dialect.js";

/**
 * Refreshes the query planner's statistics. `full` re-samples every table (SQLite: bounded to 1,000
 * rows per index, ~0.1 s for 100,000 repos); `light` lets SQLite decide which tables changed enough.
 *
 * On PostgreSQL this is `VACUUM (ANALYZE)`, not only `ANALYZE`: after a bulk change the visibility map
 * is stale, and the listing indexes (built for index-only scans) then fetch every heap row they walk
 * (measured at 100,000 repos: a search went from 2.3 ms to 0.4 ms). Servers often run with autovacuum
 * off or lagging, so the hub does not rely on it. VACUUM cannot run inside a transaction.
 */
export async function refreshPlannerStatistics<T>(
  db: Kysely<T>,
  dialect: DialectName,
  depth: "full" | "light",
): Promise<void> {
  if (dialect === "postgres") {
    await sql`VACUUM (ANALYZE) repos, repo_tags, download_days`.execute(db);
    return;
  }
  await sql`PRAGMA analysis_limit = 1000`.execute(db);
  await sql.raw(depth === "full" ? "ANALYZE" : "PRAGMA optimize").execute(db);
}
