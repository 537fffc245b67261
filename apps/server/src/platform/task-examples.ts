import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { canReadRepo } from "./access-rules.js";
import type { RepoType, Viewer } from "../domain/repo.js";

interface ExampleRef {
  id: string;
  description: string;
}

/**
 * The catalogue's example repos with `onHub`: whether the viewer can open each one on this hub. The
 * others exist on huggingface.co only; the web app links them there, marked as external.
 */
export async function markExamplesOnHub(
  db: Kysely<Database>,
  viewer: Viewer,
  type: RepoType,
  examples: readonly ExampleRef[],
): Promise<(ExampleRef & { onHub: boolean })[]> {
  if (examples.length === 0) return [];
  const rows = await db
    .selectFrom("repos")
    .select(["full_id", "owner", "private"])
    .where("type", "=", type)
    .where(
      "full_id",
      "in",
      examples.map((example) => example.id),
    )
    .execute();
  const readable = new Set(
    rows
      .filter((row) => canReadRepo(viewer, { owner: row.owner, private: Boolean(row.private) }))
      .map((row) => row.full_id),
  );
  return examples.map((example) => ({ ...example, onHub: readable.has(example.id) }));
}
