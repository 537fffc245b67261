import type { Kysely, Migration, MigrationProvider } from "kysely";
import { backfillRepoLinks } from "../platform/repo-links.js";
import type { Database } from "./schema.js";
import { createDiscussionTables } from "../platform/discussions/tables.js";
import { createInferenceUsageTable } from "../inference/usage-table.js";
import { createScaleIndexes, createSearchNameColumn } from "./search-indexes.js";

/** Migrations written with the schema builder only, so each runs unchanged on SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": {
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
  },
  "0002_filter_indexes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("repos_pipeline_tag_idx")
        .on("repos")
        .columns(["type", "pipeline_tag"])
        .execute();
      await db.schema
        .createIndex("repos_library_name_idx")
        .on("repos")
        .columns(["type", "library_name"])
        .execute();
    },
  },
  "0003_scale_indexes": {
    async up(db: Kysely<unknown>) {
      await createScaleIndexes(db, (message) => process.emitWarning(message, "ModelhubMigration"));
    },
  },
  "0004_access_requests": {
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
  },
  "0005_search_name": {
    async up(db: Kysely<unknown>) {
      await createSearchNameColumn(db, (message) => process.emitWarning(message, "ModelhubMigration"));
    },
  },
  "0006_repo_links": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("repo_links")
        .addColumn("repo_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("target_lower", "text", (c) => c.notNull())
        .addColumn("target", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("repo_links_pk", ["repo_id", "kind", "target_lower"])
        .execute();
      await db.schema
        .createIndex("repo_links_target_idx")
        .on("repo_links")
        .columns(["kind", "target_lower"])
        .execute();
      await backfillRepoLinks(db as Kysely<Database>);
    },
  },
  "0007_web_sessions": {
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
  },
  "0010_repo_redirects": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("repo_redirects")
        .addColumn("lookup_key", "text", (c) => c.primaryKey())
        .addColumn("repo_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("repo_redirects_repo_idx").on("repo_redirects").column("repo_id").execute();
    },
  },
  "0020_discussions": {
    async up(db: Kysely<unknown>) {
      await createDiscussionTables(db);
    },
  },
  "0021_safetensors": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("repos").addColumn("safetensors", "text").execute();
      await db.schema.alterTable("repos").addColumn("num_parameters", "bigint").execute();
      await db.schema
        .createIndex("repos_num_parameters_idx")
        .on("repos")
        .columns(["type", "num_parameters"])
        .execute();
    },
  },
  "0022_inference_usage": {
    async up(db: Kysely<unknown>) {
      await createInferenceUsageTable(db);
    },
  },
  "0023_hub_served_mappings": {
    async up(db: Kysely<unknown>) {
      // 1 on the rows the hub writes for its own inference backends (rewritten at every start)
      await db.schema
        .alterTable("provider_mappings")
        .addColumn("served_by_hub", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  "0024_upstream_mirror": {
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
      await db.schema
        .createIndex("mirror_files_access_idx")
        .on("mirror_files")
        .column("last_access")
        .execute();
      await db.schema.createIndex("mirror_files_repo_idx").on("mirror_files").column("repo_id").execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
