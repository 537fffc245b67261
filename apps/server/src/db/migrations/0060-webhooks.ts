import type { Kysely, Migration } from "kysely";

/** Webhooks, their delivery queue (kept across restarts) and one row per delivery attempt. */
export const migration0060: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("webhooks")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("secret", "text")
      .addColumn("domains", "text", (c) => c.notNull())
      .addColumn("watched", "text", (c) => c.notNull())
      .addColumn("disabled", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("webhooks_owner_idx").on("webhooks").columns(["owner"]).execute();
    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("webhook_id", "text", (c) => c.notNull())
      .addColumn("event_key", "text", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("repo_name", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull())
      .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("replay_of", "text")
      .addUniqueConstraint("webhook_deliveries_event_key", ["webhook_id", "event_key"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due_idx")
      .on("webhook_deliveries")
      .columns(["state", "next_attempt_at"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_hook_idx")
      .on("webhook_deliveries")
      .columns(["webhook_id", "created_at"])
      .execute();
    await db.schema
      .createTable("webhook_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("delivery_id", "text", (c) => c.notNull())
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("response_status", "integer")
      .addColumn("error", "text")
      .addColumn("response_excerpt", "text")
      .execute();
    await db.schema
      .createIndex("webhook_attempts_delivery_idx")
      .on("webhook_attempts")
      .columns(["delivery_id", "attempt"])
      .execute();
  },
};
