import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Repos } from "../repos.js";
import { Discussions } from "./service.js";
import { repoNotFound } from "../../domain/errors.js";
import type { RepoAccess } from "../../domain/ports.js";

/**
 * The pull-request rules the content routes ask through `RepoAccess`: who may push to a ref, and
 * numbering a pull request opened by a `create_pr=1` commit (so it shares numbers with discussions).
 */
export function pullRequestAccess(
  db: Kysely<Database>,
  repos: Repos,
): Required<Pick<RepoAccess, "pushDenial" | "openPullRequest">> {
  // The content side creates refs/pr/<n> itself here, so no PullRequestRefs is needed.
  const discussions = new Discussions(db, undefined);
  return {
    async pushDenial(viewer, repo, ref) {
      const row = await repos.find(repo.type, repo.id);
      if (!row) return { status: 404, message: `Repository ${repo.id} not found` };
      return discussions.canPushToRef(viewer, row, ref);
    },
    async openPullRequest(viewer, repo, input) {
      const row = await repos.find(repo.type, repo.id);
      if (!row) throw repoNotFound();
      return discussions.openForCommit(viewer, row, input);
    },
  };
}
