import { toRepoRecord, type Repos } from "./repos.js";
import type { ContentLogger, RepoContent } from "../domain/ports.js";

const BATCH = 100;

export interface Backfill {
  /** Resolves when the walk has finished or stopped. */
  done: Promise<number>;
  /** Asks the walk to stop after the repo it is on. */
  stop(): void;
}

/**
 * Models committed before the hub counted parameters get their safetensors counts from their current
 * commit, one repo at a time in the background (headers only: a few KB read per weight file).
 */
export function backfillParameterCounts(repos: Repos, content: RepoContent, logger: ContentLogger): Backfill {
  let stopped = false;
  const derive = content.derive?.bind(content);
  const walk = async (): Promise<number> => {
    if (!derive) return 0;
    let counted = 0;
    let failed = 0;
    let after = "";
    while (!stopped) {
      const rows = await repos.uncountedSafetensorsModels(after, BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (stopped) break;
        after = row.id;
        if (!row.sha) continue;
        try {
          const derived = await derive(toRepoRecord(row), row.sha);
          await repos.storeParameterCounts(row.id, row.sha, derived.safetensors);
          counted++;
        } catch (err) {
          // marked as done without counts, so a repo whose files cannot be read is not tried at every start
          await repos.storeParameterCounts(row.id, row.sha, undefined);
          if (failed++ === 0) logger.warn({ err, repo: row.full_id }, "counting parameters failed");
        }
      }
    }
    if (failed > 1) logger.warn({ repos: failed }, "parameters could not be counted for some repos");
    return counted;
  };
  const done = walk().catch((err: unknown) => {
    logger.error({ err }, "parameter count backfill stopped");
    return 0;
  });
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}
