// Brings a benchmark database to the hub's current schema before measuring: opening it runs the hub's
// migrations (0003_scale_indexes holds the listing indexes) and, on SQLite, a sampled ANALYZE. On
// PostgreSQL a bulk load is followed by VACUUM (ANALYZE), as a long-running server's would be by autovacuum
// (off on this machine's server): index-only scans need the visibility map.
import { sql } from "kysely";
import { openHubDatabase } from "../../dist/compose/open-hub-database.js";

/** Index names created by an earlier version of this benchmark and never by the hub. */
const RETIRED = ["repos_task_trending_idx", "repos_task_downloads_idx"];

export async function prepareDatabase({ dataDir, databaseUrl }) {
  const hub = await openHubDatabase({ dataDir, databaseUrl });
  try {
    for (const name of RETIRED) await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(hub.db);
    if (hub.dialect === "postgres") await sql`VACUUM (ANALYZE)`.execute(hub.db);
    const { rows } =
      hub.dialect === "sqlite"
        ? await sql`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'repos' AND sql IS NOT NULL ORDER BY name`.execute(
            hub.db,
          )
        : await sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'repos' AND schemaname = current_schema() ORDER BY indexname`.execute(
            hub.db,
          );
    return rows.map((r) => r.name);
  } finally {
    await hub.close();
  }
}
