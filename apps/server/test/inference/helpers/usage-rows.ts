import { usageWritesSettled } from "../../../src/inference/usage-store.js";
import type { InferenceUsageTable } from "../../../src/inference/usage-table.js";
import type { TestHub } from "../../platform/helpers/test-hub.js";

/**
 * The usage rows of a hub, oldest first (read straight from the table the gateway writes, once the
 * rows it group-commits after answering are in).
 */
export async function usageRows(hub: TestHub): Promise<InferenceUsageTable[]> {
  await usageWritesSettled(hub.services.hub.db);
  const rows = await hub.services.hub.db
    .withTables<{ inference_usage: InferenceUsageTable }>()
    .selectFrom("inference_usage")
    .selectAll()
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    ...row,
    prompt_tokens: Number(row.prompt_tokens),
    completion_tokens: Number(row.completion_tokens),
    duration_ms: Number(row.duration_ms),
  }));
}

/** Polls until `check` passes (the gateway records some outcomes after the response is gone). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 3000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
