import type { Kysely, Migration } from "kysely";

/**
 * Storage quotas: the limits site admins set per user or organization (NULL follows the hub's default,
 * -1 is unlimited), each repository's measured storage (LFS objects + git repository), the bytes that
 * uploads under way hold until they land or expire, and one row per namespace that serialises them.
 */
export const migration0180: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("storage_quotas")
      .addColumn("namespace_lower", "text", (c) => c.primaryKey())
      .addColumn("namespace", "text", (c) => c.notNull())
      .addColumn("storage_bytes", "bigint")
      .addColumn("repo_limit", "integer")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();
    await db.schema
      .createTable("repo_storage")
      .addColumn("repo_type", "text", (c) => c.notNull())
      .addColumn("repo_full_id", "text", (c) => c.notNull())
      .addColumn("lfs_bytes", "bigint", (c) => c.notNull())
      .addColumn("git_bytes", "bigint", (c) => c.notNull())
      .addColumn("measured_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("repo_storage_pk", ["repo_type", "repo_full_id"])
      .execute();
    await db.schema
      .createTable("storage_reservations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("namespace_lower", "text", (c) => c.notNull())
      .addColumn("repo_type", "text", (c) => c.notNull())
      .addColumn("repo_full_id", "text", (c) => c.notNull())
      .addColumn("bytes", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("storage_reservations_namespace_idx")
      .on("storage_reservations")
      .columns(["namespace_lower", "expires_at"])
      .execute();
    await db.schema
      .createTable("storage_locks")
      .addColumn("namespace_lower", "text", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["storage_locks", "storage_reservations", "repo_storage", "storage_quotas"])
      await db.schema.dropTable(table).execute();
  },
};
