import type { Kysely } from "kysely";

/** One gateway call that reached a backend. */
export interface InferenceUsageTable {
  id: string;
  /** ISO time the call started. */
  created_at: string;
  user_name: string;
  /** The org named by X-HF-Bill-To, or null when the user pays. */
  bill_to: string | null;
  /** Hub model id as the hub spells it. */
  model: string;
  backend: string;
  /** "chat/completions" or "completions". */
  route: string;
  streamed: number;
  prompt_tokens: number;
  completion_tokens: number;
  duration_ms: number;
  /** HTTP status of the outcome: 200, the backend's 4xx, 502, 504, or 499 when the client went away. */
  status: number;
}

export type InferenceTables = {
  inference_usage: InferenceUsageTable;
};

/** Migration 0022: the usage table and the indexes of the two usage views (per user, per org). */
export async function createInferenceUsageTable(db: Kysely<unknown>): Promise<void> {
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
}
