import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { InferenceTables } from "../usage-table.js";

export interface BackendUsage {
  requests: number;
  /** Calls whose outcome was not 200 (backend 4xx, 502, 504, 499). */
  failed: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

type Numeric = number | string | bigint | null;

export const NO_BACKEND_USAGE: BackendUsage = {
  requests: 0,
  failed: 0,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
};

/** Calls and tokens per backend (lower-cased name) since `since`, from inference_usage. */
export async function usageByBackend(db: Kysely<Database>, since: Date): Promise<Map<string, BackendUsage>> {
  const rows = await db
    .withTables<InferenceTables>()
    .selectFrom("inference_usage")
    .select((eb) => [
      "backend",
      eb.fn.countAll<number | string | bigint>().as("requests"),
      eb.fn.sum<Numeric>(eb.case().when("status", "<>", 200).then(1).else(0).end()).as("failed"),
      eb.fn.sum<Numeric>("prompt_tokens").as("prompt"),
      eb.fn.sum<Numeric>("completion_tokens").as("completion"),
    ])
    .where("created_at", ">=", since.toISOString())
    .groupBy("backend")
    .execute();
  const byBackend = new Map<string, BackendUsage>();
  for (const row of rows) {
    const promptTokens = Number(row.prompt ?? 0);
    const completionTokens = Number(row.completion ?? 0);
    const key = row.backend.toLowerCase();
    const before = byBackend.get(key) ?? NO_BACKEND_USAGE;
    byBackend.set(key, {
      requests: before.requests + Number(row.requests ?? 0),
      failed: before.failed + Number(row.failed ?? 0),
      promptTokens: before.promptTokens + promptTokens,
      completionTokens: before.completionTokens + completionTokens,
      totalTokens: before.totalTokens + promptTokens + completionTokens,
    });
  }
  return byBackend;
}
