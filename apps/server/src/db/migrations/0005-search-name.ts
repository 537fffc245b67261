import { sql, type Kysely, type Migration } from "kysely";
import { isSqlite, migrationWarning, trigramOperatorClass } from "./support.js";

/**
 * PostgreSQL: `search_name` (stored, generated from `full_id`) replaces `lower(full_id)` in the
 * trending walk index and the trigram index, so neither a walk nor a recheck calls `lower()`.
 * SQLite keeps its expression index of 0003.
 */
export const migration0005: Migration = {
  async up(db: Kysely<unknown>) {
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
      migrationWarning("pg_trgm is not available: text search will scan the repos table");
    }
    await sql`ANALYZE repos`.execute(db);
  },
};
