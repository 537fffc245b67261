import { sql, SqliteAdapter, type Kysely } from "kysely";

// Helpers of the migration steps only. Steps are immutable once released: change a helper's meaning
// only by adding a new one for the new step, never by editing what an applied step relied on.

export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Warnings of a migration step go to the process's warning channel (the hub's logger is not up yet). */
export function migrationWarning(message: string): void {
  process.emitWarning(message, "ModelhubMigration");
}

/**
 * The schema-qualified `gin_trgm_ops`, creating the extension when it is missing (in `public`, so a
 * per-test schema dropped with CASCADE cannot take it away from the others). A failure is contained
 * in a savepoint because migrations run inside one transaction on PostgreSQL.
 */
export async function trigramOperatorClass(db: Kysely<unknown>): Promise<string | undefined> {
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
