import type { Kysely, Migration } from "kysely";

/**
 * A Space's secrets (values sealed with a key derived from the data folder's key, never returned) and
 * variables (plain values, shown to the Space's writers), one row per key.
 */
export const migration0200: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [table, valueColumn] of [
      ["space_secrets", "sealed_value"],
      ["space_variables", "value"],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn("repo_id", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn(valueColumn, "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ["repo_id", "key"])
        .execute();
    }
  },
};
