import type { Kysely, Migration } from "kysely";

/** Old repo ids that redirect to a renamed or moved repo. */
export const migration0010: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("repo_redirects")
      .addColumn("lookup_key", "text", (c) => c.primaryKey())
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("repo_redirects_repo_idx").on("repo_redirects").column("repo_id").execute();
  },
};
