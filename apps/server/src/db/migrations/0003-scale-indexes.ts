import { sql, type Kysely, type Migration } from "kysely";
import { isSqlite, migrationWarning, trigramOperatorClass } from "./support.js";

/**
 * Indexes for listings at catalogue scale (issue 6). Substring search (`lower(full_id) LIKE '%term%'`):
 * PostgreSQL gets a trigram index; SQLite gets the trending index widened with `lower(full_id)`, so
 * the default-order walk tests each id inside the narrow index and reads only matching rows.
 */
export const migration0003: Migration = {
  async up(db: Kysely<unknown>) {
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
      migrationWarning("pg_trgm is not available: text search will scan the repos table");
      return;
    }
    await sql`CREATE INDEX IF NOT EXISTS repos_full_id_trgm_idx
    ON repos USING gin (lower(full_id) ${sql.raw(opclass)})`.execute(db);
    // a finer histogram of ids lets the planner tell a rare term (use the trigram index) from a common
    // one (walk the trending order); the default sample guessed 2,000 matches for 161
    await sql`ALTER INDEX repos_full_id_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000`.execute(db);
  },
};
