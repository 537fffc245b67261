import type { Kysely, Migration } from "kysely";

/** Discussions and pull requests with their events (numbered per repo, shared by both kinds). */
export const migration0020: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("discussions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("num", "integer", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("is_pull_request", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("base_ref", "text")
      .addColumn("base_commit", "text")
      .addColumn("head_commit", "text")
      .addColumn("merge_commit", "text")
      .addUniqueConstraint("discussions_repo_num_key", ["repo_id", "num"])
      .execute();
    await db.schema
      .createIndex("discussions_repo_status_idx")
      .on("discussions")
      .columns(["repo_id", "status", "num"])
      .execute();
    await db.schema
      .createTable("discussion_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("discussion_id", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addUniqueConstraint("discussion_events_seq_key", ["discussion_id", "seq"])
      .execute();
  },
};
