import type { Kysely, Migration } from "kysely";

/**
 * The first schema: users, orgs and memberships, tokens, repos with their tags, likes and download
 * days, provider mappings and the hub's own metadata.
 */
export const migration0001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_lower", "text", (c) => c.notNull().unique())
      .addColumn("fullname", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("password_hash", "text")
      .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("orgs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_lower", "text", (c) => c.notNull().unique())
      .addColumn("fullname", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("memberships")
      .addColumn("org_name", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("memberships_pk", ["org_name", "user_name"])
      .execute();
    await db.schema
      .createTable("tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("token_prefix", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("tokens_user_idx").on("tokens").column("user_name").execute();
    await db.schema
      .createTable("repos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("full_id", "text", (c) => c.notNull())
      .addColumn("lookup_key", "text", (c) => c.notNull().unique())
      .addColumn("private", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("gated", "text", (c) => c.notNull().defaultTo("false"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_modified", "text", (c) => c.notNull())
      .addColumn("sha", "text")
      .addColumn("card_data", "text")
      .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("pipeline_tag", "text")
      .addColumn("library_name", "text")
      .addColumn("config", "text")
      .addColumn("transformers_info", "text")
      .addColumn("widget_data", "text")
      .addColumn("gguf", "text")
      .addColumn("siblings", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("warnings", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("used_storage", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("sdk", "text")
      .addColumn("likes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("seed_likes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("downloads_all_time", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("downloads_30d", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("trending_score", "real", (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ["downloads_30d", "likes", "last_modified", "created_at", "trending_score"]) {
      await db.schema.createIndex(`repos_${column}_idx`).on("repos").columns(["type", column]).execute();
    }
    await db.schema.createIndex("repos_owner_idx").on("repos").columns(["type", "owner"]).execute();
    await db.schema
      .createTable("repo_tags")
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("tag", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("repo_tags_pk", ["repo_id", "tag"])
      .execute();
    await db.schema.createIndex("repo_tags_tag_idx").on("repo_tags").columns(["tag", "repo_id"]).execute();
    await db.schema
      .createTable("likes")
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("likes_pk", ["user_name", "repo_id"])
      .execute();
    await db.schema.createIndex("likes_repo_idx").on("likes").column("repo_id").execute();
    await db.schema
      .createTable("download_days")
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("download_days_pk", ["repo_id", "day"])
      .execute();
    await db.schema
      .createTable("provider_mappings")
      .addColumn("repo_id", "text", (c) => c.notNull())
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("provider_id", "text", (c) => c.notNull())
      .addColumn("task", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("adapter", "text")
      .addColumn("adapter_weights_path", "text")
      .addPrimaryKeyConstraint("provider_mappings_pk", ["repo_id", "provider"])
      .execute();
    await db.schema
      .createTable("hub_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
};
