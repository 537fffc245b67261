import type { PushVerdict, RefUpdate } from "../git/lfs-push-check.js";
import type { ContentContext } from "./content-context.js";
import type { RepoRecord, Viewer } from "../../domain/repo.js";

const ZERO_OID = /^0+$/;
const PULL_REQUEST_REF = /^refs\/pr\/[0-9]+$/;

/**
 * A push by someone who cannot write to the repo: every ref it moves must be one of their open pull
 * requests (`refs/pr/<n>`, which `RepoAccess.pushDenial` admits), and it may not delete refs. Returns
 * the refusal shown as `remote:` lines, or undefined when the push may go on.
 */
export async function refusedPullRequestPush(
  ctx: ContentContext,
  viewer: Viewer,
  repo: RepoRecord,
  updates: RefUpdate[],
): Promise<PushVerdict | undefined> {
  const problems: string[] = [];
  for (const update of updates) {
    if (!PULL_REQUEST_REF.test(update.ref) || !ctx.access.pushDenial) {
      problems.push(
        `${update.ref}: you cannot write to this repo; push to a pull request ref (refs/pr/N) you opened`,
      );
    } else if (ZERO_OID.test(update.newOid)) {
      problems.push(`${update.ref}: pull request refs cannot be deleted by push`);
    } else {
      const denial = await ctx.access.pushDenial(viewer, repo, update.ref);
      if (denial) problems.push(`${update.ref}: ${denial.message}`);
    }
  }
  if (problems.length === 0) return undefined;
  return { ok: false, message: ["ModelHub: push refused", ...problems].join("\n") };
}
