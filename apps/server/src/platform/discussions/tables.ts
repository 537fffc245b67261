import type { Kysely } from "kysely";

/** One discussion or pull request of a repo; `num` counts both kinds per repo, from 1. */
export interface DiscussionTable {
  id: string;
  /** `repos.id` (stable across renames). */
  repo_id: string;
  num: number;
  title: string;
  author: string;
  /** 1 for pull requests. */
  is_pull_request: number;
  status: "open" | "closed" | "merged" | "draft";
  created_at: string;
  updated_at: string;
  /** Pull requests: the branch they target (`refs/heads/main`). */
  base_ref: string | null;
  /** Pull requests: commit `refs/pr/<num>` started at. */
  base_commit: string | null;
  /** Pull requests: last head of `refs/pr/<num>` turned into commit events. */
  head_commit: string | null;
  merge_commit: string | null;
}

/**
 * Every event of a discussion, in order (`seq`), kept so a later webhook can publish it.
 * `data` is the event's JSON payload (comment text and edit history, new status, title change, commit).
 */
export interface DiscussionEventTable {
  id: string;
  discussion_id: string;
  seq: number;
  type: "comment" | "status-change" | "title-change" | "commit";
  author: string;
  created_at: string;
  data: string;
}

export type DiscussionTables = {
  discussions: DiscussionTable;
  discussion_events: DiscussionEventTable;
};

/** Migration 0020: schema-builder only, so it runs unchanged on SQLite and PostgreSQL. */
export async function createDiscussionTables(db: Kysely<unknown>): Promise<void> {
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
}
