import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { ContentLogger, RepoContent } from "../domain/ports.js";
import type { RepoRecord } from "../domain/repo.js";
import { toRepoRecord } from "../platform/repos.js";

/** The branch whose head the database mirrors (repo info, listings, derived metadata). */
export const DEFAULT_BRANCH = "main";
const PAGE = 500;

export interface ReconcileDeps {
  db: Kysely<Database>;
  content: RepoContent;
  logger: ContentLogger;
}

export interface ReconcileReport {
  checked: number;
  /** `type:owner/name` of every repo whose database row was behind (or ahead of) its git ref. */
  repaired: string[];
  /** Repos whose metadata could not be derived again (left as they were, logged). */
  failed: string[];
}

/**
 * Git refs are the truth: a crash between moving a ref and storing the commit's derived metadata leaves
 * the database behind. Compares every repo's `sha` with its default-branch ref and re-derives where
 * they differ.
 */
export async function reconcileAll(deps: ReconcileDeps): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, repaired: [], failed: [] };
  let after = "";
  for (;;) {
    const rows = await deps.db
      .selectFrom("repos")
      .select([
        "id",
        "type",
        "full_id",
        "owner",
        "name",
        "private",
        "gated",
        "created_at",
        "last_modified",
        "sha",
      ])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      report.checked++;
      const record = toRepoRecord(row);
      const outcome = await reconcileRepo(deps, record);
      if (outcome === "repaired") report.repaired.push(`${record.type}:${record.id}`);
      if (outcome === "failed") report.failed.push(`${record.type}:${record.id}`);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  if (report.repaired.length > 0 || report.failed.length > 0)
    deps.logger.warn(
      { checked: report.checked, repaired: report.repaired, failed: report.failed },
      "database metadata re-derived from git refs",
    );
  return report;
}

/** Brings one repo's database row to its default-branch ref; `same` when they already agree. */
export async function reconcileRepo(
  deps: Pick<ReconcileDeps, "content" | "logger">,
  repo: RepoRecord,
): Promise<"same" | "repaired" | "failed"> {
  const { content } = deps;
  if (!content.resolveRevision || !content.announce) return "same";
  let head: string | undefined;
  try {
    head = await content.resolveRevision(repo, DEFAULT_BRANCH);
  } catch {
    head = undefined;
  }
  // No ref (an empty or missing repository) is for fsck to report; nothing to derive from.
  if (!head || head === repo.sha) return "same";
  try {
    await content.announce(repo, head);
    deps.logger.warn(
      { repo: `${repo.type}:${repo.id}`, was: repo.sha ?? null, now: head },
      "repo re-derived from its git ref",
    );
    return "repaired";
  } catch (err) {
    deps.logger.error(
      { repo: `${repo.type}:${repo.id}`, err: String(err) },
      "re-deriving a repo from git failed",
    );
    return "failed";
  }
}

const inFlight = new Set<string>();

/**
 * A request found the database behind git: repairs the row in the background (once per repo at a time);
 * the caller answers from the ref meanwhile.
 */
export function reconcileInBackground(
  deps: Pick<ReconcileDeps, "content" | "logger">,
  repo: RepoRecord,
): void {
  const key = `${repo.type}:${repo.id}`;
  if (inFlight.has(key)) return;
  inFlight.add(key);
  void reconcileRepo(deps, repo).finally(() => inFlight.delete(key));
}
