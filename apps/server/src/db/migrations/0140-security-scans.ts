import type { Kysely, Migration } from "kysely";

/**
 * Security scans: one result per stored content (an LFS object by sha256, a git blob by its id) with
 * the scanner and signature versions that produced it, admin releases of refused files, and the log
 * of refusals (downloads the scan policy refused, repos and files the mirror's curation refused).
 */
export const migration0140: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("scan_results")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("sha256", "text")
      .addColumn("git_oid", "text")
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("name_hint", "text", (c) => c.notNull())
      .addColumn("seen_repo", "text")
      .addColumn("kind", "text")
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("pickle_status", "text")
      .addColumn("pickle_imports", "text")
      .addColumn("pickle_message", "text")
      .addColumn("av_status", "text")
      .addColumn("av_message", "text")
      .addColumn("av_version", "text")
      .addColumn("format_status", "text")
      .addColumn("format_message", "text")
      .addColumn("scanner_version", "text")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("claimed_by", "text")
      .addColumn("queued_at", "text", (c) => c.notNull())
      .addColumn("started_at", "text")
      .addColumn("scanned_at", "text")
      .execute();
    await db.schema
      .createIndex("scan_results_queue_idx")
      .on("scan_results")
      .columns(["state", "priority", "queued_at"])
      .execute();
    await db.schema.createIndex("scan_results_status_idx").on("scan_results").columns(["status"]).execute();
    await db.schema
      .createTable("scan_releases")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("released_by", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("released_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("scan_refusals")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("repo_type", "text", (c) => c.notNull())
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("path", "text")
      .addColumn("object_key", "text")
      .addColumn("rule", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("first_at", "text", (c) => c.notNull())
      .addColumn("last_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("scan_refusals_last_idx").on("scan_refusals").columns(["last_at"]).execute();
  },
};
