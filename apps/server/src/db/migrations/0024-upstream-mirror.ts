import type { Kysely, Migration } from "kysely";

/** Repos mirrored from an upstream Hub and the LFS objects cached for them. */
export const migration0024: Migration = {
  async up(db: Kysely<unknown>) {
    // the upstream a repo is a read-only mirror of; null for the hub's own repos
    await db.schema.alterTable("repos").addColumn("mirror_upstream", "text").execute();
    await db.schema
      .createTable("mirror_repos")
      .addColumn("repo_id", "text", (c) => c.primaryKey())
      .addColumn("upstream", "text", (c) => c.notNull())
      .addColumn("refreshed_at", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("mirror_files")
      .addColumn("oid", "text", (c) => c.primaryKey())
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("cached_at", "text", (c) => c.notNull())
      .addColumn("last_access", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("mirror_files_access_idx").on("mirror_files").column("last_access").execute();
    await db.schema.createIndex("mirror_files_repo_idx").on("mirror_files").column("repo_id").execute();
  },
};
