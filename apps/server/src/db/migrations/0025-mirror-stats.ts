import type { Kysely, Migration } from "kysely";

/** The upstream mirror's counters (hits, misses, bytes saved, …), kept across restarts. */
export const migration0025: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("mirror_stats")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
