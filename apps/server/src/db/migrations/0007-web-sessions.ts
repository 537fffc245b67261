import type { Kysely, Migration } from "kysely";

/** Sign-in sessions of the web app. */
export const migration0007: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("web_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("secret_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .execute();
    await db.schema.createIndex("web_sessions_user_idx").on("web_sessions").column("user_name").execute();
  },
};
