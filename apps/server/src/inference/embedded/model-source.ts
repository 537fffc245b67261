import { toRepoRecord, type Repos } from "../../platform/repos.js";
import type { ModelFile } from "./lru-model-pool.js";
import { pickGgufFile } from "./pick-gguf.js";
import type { RepoContent } from "../../domain/ports.js";

/** What the embedded backend loads for a request, or why it cannot. */
export type ModelSource = { ok: true; path: string; file: ModelFile } | { ok: false; reason: string };

/**
 * The GGUF of a hub model at its default branch, read straight from the hub's LFS store: the file the
 * config names, or the "auto" pick among the repo's .gguf files.
 */
export async function findModelFile(
  repos: Repos,
  content: RepoContent,
  hubId: string,
  choice: string,
): Promise<ModelSource> {
  const row = await repos.find("model", hubId);
  if (!row) return { ok: false, reason: `model ${hubId} does not exist on this hub` };
  if (!content.localLfsFiles) return { ok: false, reason: "this hub's storage cannot be read in-process" };
  const record = toRepoRecord(row);
  const files = await content.localLfsFiles(record, record.sha ?? "main").catch(() => []);
  const ggufs = files.filter((file) => file.path.toLowerCase().endsWith(".gguf"));
  const path = choice === "auto" ? pickGgufFile(ggufs.map((file) => file.path)) : choice;
  const found = ggufs.find((file) => file.path === path);
  if (!found)
    return {
      ok: false,
      reason:
        choice === "auto"
          ? `model ${row.full_id} has no GGUF file stored in LFS`
          : `model ${row.full_id} has no GGUF file ${choice} stored in LFS`,
    };
  let localPath = found.localPath;
  try {
    if (content.fetchLocalLfsFile) localPath = await content.fetchLocalLfsFile(found);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `model ${row.full_id}: ${found.path} could not be read from storage (${why})`,
    };
  }
  return { ok: true, path: found.path, file: { sha256: found.sha256, size: found.size, localPath } };
}
