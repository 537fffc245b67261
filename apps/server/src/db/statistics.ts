import { sql, type Kysely } from "kysely";
import type { DialectName } from "./open-database.js";

/**
 * Refreshes the query planner's statistics. `full` re-samples every table (SQLite: bounded to 1,000
 * rows per index, ~0.1 s for 100,000 repos); `light` lets SQLite decide which tables changed enough.
 */
export async function refreshPlannerStatistics<T>(
  db: Kysely<T>,
  dialect: DialectName,
  depth: "full" | "light",
): Promise<void> {
  if (dialect === "postgres") {
    await sql`ANALYZE repos`.execute(db);
    await sql`ANALYZE repo_tags`.execute(db);
    return;
  }
  await sql`PRAGMA analysis_limit = 1000`.execute(db);
  await sql.raw(depth === "full" ? "ANALYZE" : "PRAGMA optimize").execute(db);
}
