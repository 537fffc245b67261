// Indexes this benchmark suggests for the hub's migrations (see README). They are applied only to the
// benchmark's own databases, with --proposed-indexes, to measure their effect; the hub does not create them.
import { sql } from "kysely";
import { openDatabase } from "../../dist/db/open-database.js";

const COMMON = [
  // filter by task (+ library) sorted by downloads / trending: walk only that task's rows
  [
    "repos_task_downloads_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_task_downloads_idx ON repos (type, pipeline_tag, downloads_30d)`,
  ],
  [
    "repos_task_trending_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_task_trending_idx ON repos (type, pipeline_tag, trending_score)`,
  ],
];
const SQLITE = [
  // substring search walks this narrow index in trending order and reads a row only when the id matches
  [
    "repos_search_trending_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_search_trending_idx ON repos (type, trending_score, private, lower(full_id), id)`,
  ],
];
const POSTGRES = [
  // trigram index: `lower(full_id) LIKE '%term%'` becomes an index lookup
  [
    "repos_full_id_trgm_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_full_id_trgm_idx ON repos USING gin (lower(full_id) gin_trgm_ops)`,
  ],
];

/** Creates (apply = true) or drops the proposed indexes in one benchmark database. */
export async function setProposedIndexes({ dataDir, databaseUrl }, apply) {
  const hub = await openDatabase({ dataDir, databaseUrl });
  try {
    const list = [...COMMON, ...(hub.dialect === "postgres" ? POSTGRES : SQLITE)];
    if (apply && hub.dialect === "postgres")
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(hub.db);
    for (const [name, create] of [...COMMON, ...SQLITE, ...POSTGRES, ["repos_task_trending_idx"]]) {
      if (apply && list.some(([listed]) => listed === name)) await create.execute(hub.db);
      else await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(hub.db);
    }
    // PostgreSQL keeps statistics itself (autovacuum); the hub never runs ANALYZE on SQLite, so drop any
    // statistics an earlier experiment left to keep SQLite's plans as shipped.
    if (hub.dialect === "postgres") await sql`ANALYZE repos`.execute(hub.db);
    else await sql`DROP TABLE IF EXISTS sqlite_stat1`.execute(hub.db);
    return list.map(([name]) => name);
  } finally {
    await hub.close();
  }
}
