import { sql, SqliteAdapter, type Kysely, type RawBuilder } from "kysely";

export function isSqlite<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * What a text search matches against: the lower-cased `owner/name`. SQLite reads it from the
 * expression index of migration 0003; PostgreSQL from the stored column of migration 0005, because
 * computing `lower()` for every entry a search walks cost more than the walk itself (measured at
 * 100,000 repos: 7–9 ms → 2.2 ms for a term matching 161 repos, 0.4 → 0.1 ms for a common one).
 */
export function searchNameOf<T>(db: Kysely<T>): RawBuilder<string> {
  return isSqlite(db) ? sql<string>`lower(full_id)` : sql<string>`search_name`;
}

/**
 * Indexes for listings at catalogue scale (issue 6). Substring search (`lower(full_id) LIKE '%term%'`):
 * PostgreSQL gets a trigram index; SQLite gets the trending index widened with `lower(full_id)`, so
 * the default-order walk tests each id inside the narrow index and reads only matching rows.
 */
export async function createScaleIndexes(
  db: Kysely<unknown>,
  warn: (message: string) => void,
): Promise<void> {
  // equality on task and library, then rows already in downloads order
  await sql`CREATE INDEX IF NOT EXISTS repos_task_library_downloads_idx
    ON repos (type, pipeline_tag, library_name, downloads_30d)`.execute(db);
  // its (type, pipeline_tag) prefix makes the older index redundant, and fewer look-alike indexes
  // keep SQLite's planner from choosing a full sort
  await sql`DROP INDEX IF EXISTS repos_pipeline_tag_idx`.execute(db);
  if (isSqlite(db)) {
    await sql`CREATE INDEX IF NOT EXISTS repos_search_trending_idx
      ON repos (type, trending_score, private, lower(full_id), id)`.execute(db);
    await sql`DROP INDEX IF EXISTS repos_trending_score_idx`.execute(db);
    return;
  }
  // PostgreSQL cannot test a condition inside a plain index scan, so search first walks this index
  // alone (index-only: every column it reads is here) to pick the page's ids; it also serves the
  // default (trending) order, which makes (type, trending_score) redundant
  await sql`CREATE INDEX IF NOT EXISTS repos_trending_walk_idx
    ON repos (type, trending_score, id) INCLUDE (private, owner, full_id)`.execute(db);
  await sql`DROP INDEX IF EXISTS repos_trending_score_idx`.execute(db);
  const opclass = await trigramOperatorClass(db);
  if (!opclass) {
    warn("pg_trgm is not available: text search will scan the repos table");
    return;
  }
  await sql`CREATE INDEX IF NOT EXISTS repos_full_id_trgm_idx
    ON repos USING gin (lower(full_id) ${sql.raw(opclass)})`.execute(db);
  // a finer histogram of ids lets the planner tell a rare term (use the trigram index) from a common
  // one (walk the trending order); the default sample guessed 2,000 matches for 161
  await sql`ALTER INDEX repos_full_id_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000`.execute(db);
}

/**
 * The schema-qualified `gin_trgm_ops`, creating the extension when it is missing (in `public`, so a
 * per-test schema dropped with CASCADE cannot take it away from the others). A failure is contained
 * in a savepoint because migrations run inside one transaction on PostgreSQL.
 */
async function trigramOperatorClass(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema;
  };
  let schema = await installed();
  if (schema === undefined) {
    await sql`SAVEPOINT modelhub_trgm`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      await sql`RELEASE SAVEPOINT modelhub_trgm`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT modelhub_trgm`.execute(db);
    }
    schema = await installed();
  }
  return schema === undefined ? undefined : `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
}

/**
 * PostgreSQL: `search_name` (stored, generated from `full_id`) replaces `lower(full_id)` in the
 * trending walk index and the trigram index, so neither a walk nor a recheck calls `lower()`.
 */
export async function createSearchNameColumn(
  db: Kysely<unknown>,
  warn: (message: string) => void,
): Promise<void> {
  if (isSqlite(db)) return;
  await sql`ALTER TABLE repos ADD COLUMN IF NOT EXISTS search_name text
    GENERATED ALWAYS AS (lower(full_id)) STORED`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS repos_search_walk_idx
    ON repos (type, trending_score, id) INCLUDE (private, owner, search_name)`.execute(db);
  await sql`DROP INDEX IF EXISTS repos_trending_walk_idx`.execute(db);
  // a finer histogram lets the planner tell a rare term (trigram index) from a common one (walk)
  await sql`ALTER TABLE repos ALTER COLUMN search_name SET STATISTICS 1000`.execute(db);
  const opclass = await trigramOperatorClass(db);
  if (opclass) {
    await sql`CREATE INDEX IF NOT EXISTS repos_search_name_trgm_idx
      ON repos USING gin (search_name ${sql.raw(opclass)})`.execute(db);
    await sql`DROP INDEX IF EXISTS repos_full_id_trgm_idx`.execute(db);
  } else {
    warn("pg_trgm is not available: text search will scan the repos table");
  }
  await sql`ANALYZE repos`.execute(db);
}
