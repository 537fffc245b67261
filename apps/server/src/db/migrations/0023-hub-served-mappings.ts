import type { Kysely, Migration } from "kysely";

/** Marks the provider mappings the hub writes for its own inference backends. */
export const migration0023: Migration = {
  async up(db: Kysely<unknown>) {
    // 1 on the rows the hub writes for its own inference backends (rewritten at every start)
    await db.schema
      .alterTable("provider_mappings")
      .addColumn("served_by_hub", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
