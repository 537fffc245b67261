import type { Kysely, Migration } from "kysely";

/** Failed sign-ins per user name and per client address, shared by every replica of the hub. */
export const migration0035: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("sign_in_failures")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("reset_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("sign_in_failures_reset_at")
      .on("sign_in_failures")
      .column("reset_at")
      .execute();
  },
};
