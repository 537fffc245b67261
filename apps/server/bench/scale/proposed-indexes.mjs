// Index changes this benchmark suggests for the hub's migrations (see README). They are applied only to
// the benchmark's own databases, with --proposed-indexes, to measure their effect; the hub does not make them.
import { sql } from "kysely";
import { openDatabase } from "../../dist/db/open-database.js";

const TASK_LIBRARY = [
  // task + library filter sorted by downloads: equality on both, then rows come out in sort order
  "repos_task_library_downloads_idx",
  sql`CREATE INDEX IF NOT EXISTS repos_task_library_downloads_idx ON repos (type, pipeline_tag, library_name, downloads_30d)`,
];
const SQLITE = [
  TASK_LIBRARY,
  // replaces repos_trending_score_idx: the default (trending) order AND substring search, which walks
  // this narrow index and reads a row only when lower(full_id) matches
  [
    "repos_search_trending_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_search_trending_idx ON repos (type, trending_score, private, lower(full_id), id)`,
  ],
];
const POSTGRES = [
  TASK_LIBRARY,
  // trigram index: `lower(full_id) LIKE '%term%'` becomes an index lookup
  [
    "repos_full_id_trgm_idx",
    sql`CREATE INDEX IF NOT EXISTS repos_full_id_trgm_idx ON repos USING gin (lower(full_id) gin_trgm_ops)`,
  ],
];
/** Names used by earlier versions of this script, dropped so they never skew a run. */
const RETIRED = ["repos_task_trending_idx", "repos_task_downloads_idx"];

/** Applies (apply = true) or undoes the proposed changes in one benchmark database. */
export async function setProposedIndexes({ dataDir, databaseUrl }, apply) {
  const hub = await openDatabase({ dataDir, databaseUrl });
  const db = hub.db;
  try {
    const sqlite = hub.dialect === "sqlite";
    const wanted = apply ? (sqlite ? SQLITE : POSTGRES) : [];
    if (wanted.length > 0 && !sqlite) await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    const all = [...SQLITE, ...POSTGRES].map(([name]) => name).concat(RETIRED);
    for (const name of all) {
      if (!wanted.some(([w]) => w === name)) await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    }
    for (const [, create] of wanted) await create.execute(db);
    if (sqlite && apply) {
      await sql`DROP INDEX IF EXISTS repos_trending_score_idx`.execute(db);
      // Without statistics SQLite 3.5x picks among the (type, …) indexes poorly; a sampled ANALYZE takes ~0.1 s.
      await sql`PRAGMA analysis_limit = 1000`.execute(db);
      await sql`ANALYZE`.execute(db);
    } else if (sqlite) {
      await sql`CREATE INDEX IF NOT EXISTS repos_trending_score_idx ON repos (type, trending_score)`.execute(
        db,
      );
      await sql`DROP TABLE IF EXISTS sqlite_stat1`.execute(db);
    } else {
      await sql`ANALYZE repos`.execute(db);
    }
    return wanted
      .map(([name]) => name)
      .concat(sqlite && apply ? ["-repos_trending_score_idx", "ANALYZE"] : []);
  } finally {
    await hub.close();
  }
}
