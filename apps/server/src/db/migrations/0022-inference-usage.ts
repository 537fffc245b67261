import type { Kysely, Migration } from "kysely";

/** Usage of the inference gateway, with the indexes of the per-user and per-org views. */
export const migration0022: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("inference_usage")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("bill_to", "text")
      .addColumn("model", "text", (c) => c.notNull())
      .addColumn("backend", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("streamed", "integer", (c) => c.notNull())
      .addColumn("prompt_tokens", "bigint", (c) => c.notNull())
      .addColumn("completion_tokens", "bigint", (c) => c.notNull())
      .addColumn("duration_ms", "bigint", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("inference_usage_user_idx")
      .on("inference_usage")
      .columns(["user_name", "created_at"])
      .execute();
    await db.schema
      .createIndex("inference_usage_bill_to_idx")
      .on("inference_usage")
      .columns(["bill_to", "created_at"])
      .execute();
  },
};
