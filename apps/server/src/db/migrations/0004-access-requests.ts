import type { Kysely, Migration } from "kysely";

/** Access requests of gated repos. */
export const migration0004: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("access_requests")
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("fields", "text")
      .addColumn("via", "text", (c) => c.notNull().defaultTo("request"))
      .addColumn("rejection_reason", "text")
      .addColumn("granted_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("reviewed_at", "text")
      .addPrimaryKeyConstraint("access_requests_pk", ["repo_id", "user_name"])
      .execute();
    await db.schema
      .createIndex("access_requests_status_idx")
      .on("access_requests")
      .columns(["repo_id", "status", "created_at"])
      .execute();
  },
};
