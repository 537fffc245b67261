import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { AccessRequests, gateDenial, hasBypass } from "./access-requests.js";
import { pullRequestAccess } from "./discussions/access-hooks.js";
import { toRepoRecord, type Repos } from "./repos.js";
import type { RepoAccess } from "../domain/ports.js";
import type { RepoType } from "../domain/repo.js";
import { canReadRepo, canWriteRepo, type MemberViewer } from "./access-rules.js";
import { fineGrainedAllows } from "./token-scope.js";

/**
 * The one place that decides repo access for the content routes. `db` enables the gate of gated repos
 * (file downloads need an accepted access request unless the viewer owns the repo, is a member of its
 * org or a site admin); without it gated repos download like public ones.
 */
export function createRepoAccess(repos: Repos, db?: Kysely<Database>): RepoAccess {
  const requests = db ? new AccessRequests(db) : undefined;
  return {
    async findRepo(type: RepoType, id: string) {
      const row = await repos.findForRead(type, id);
      return row ? toRepoRecord(row) : undefined;
    },
    async findMoved(type: RepoType, id: string) {
      const row = await repos.findMoved(type, id);
      return row ? toRepoRecord(row) : undefined;
    },
    canRead: (viewer, repo) => canReadRepo(viewer, repo),
    canWrite: (viewer, repo) => !repo.mirror && canWriteRepo(viewer, repo),
    ...(db ? pullRequestAccess(db, repos) : {}),
    async downloadDenial(viewer, repo) {
      if (!requests || !repo.gated || hasBypass(viewer, repo)) return undefined;
      const grants = (viewer as MemberViewer).fineGrained;
      const target = { kind: "repo" as const, type: repo.type, owner: repo.owner, name: repo.name };
      if (grants && !grants.canReadGatedRepos && !fineGrainedAllows(grants, "repo.content.read", target))
        return {
          status: 403,
          message: `This fine-grained token cannot read gated repos such as ${repo.id}: create one with canReadGatedRepos, or scoped to this repo`,
        };
      let status;
      if (viewer.user) {
        const row = await repos.find(repo.type, repo.id);
        status = row ? await requests.statusOf(row.id, viewer.user) : undefined;
      }
      return gateDenial(viewer, repo, status);
    },
  };
}
