import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { AccessRequests, gateDenial, hasBypass } from "./access-requests.js";
import { pullRequestAccess } from "./discussions/access-hooks.js";
import { toRepoRecord, type Repos } from "./repos.js";
import type { RepoAccess } from "../domain/ports.js";
import type { RepoRecord, RepoType, Viewer } from "../domain/repo.js";

/** A viewer built from a token also knows in which orgs its role allows writes. */
export interface MemberViewer extends Viewer {
  writeOrgs?: string[];
}

export function isNamespaceMember(viewer: Viewer, owner: string): boolean {
  if (!viewer.user) return false;
  const lower = owner.toLowerCase();
  return viewer.user.toLowerCase() === lower || viewer.orgs.some((org) => org.toLowerCase() === lower);
}

export function canReadRepo(viewer: Viewer, repo: Pick<RepoRecord, "private" | "owner">): boolean {
  return !repo.private || viewer.isAdmin === true || isNamespaceMember(viewer, repo.owner);
}

/** Writes need a write token of the owner, of a member of the owning org, or of an admin. */
export function canWriteNamespace(viewer: Viewer, owner: string): boolean {
  if (viewer.role !== "write" || !viewer.user) return false;
  if (viewer.isAdmin === true) return true;
  const lower = owner.toLowerCase();
  const writeOrgs = (viewer as MemberViewer).writeOrgs ?? viewer.orgs;
  return viewer.user.toLowerCase() === lower || writeOrgs.some((org) => org.toLowerCase() === lower);
}

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
    canWrite: (viewer, repo) => !repo.mirror && canWriteNamespace(viewer, repo.owner),
    ...(db ? pullRequestAccess(db, repos) : {}),
    async downloadDenial(viewer, repo) {
      if (!requests || !repo.gated || hasBypass(viewer, repo)) return undefined;
      let status;
      if (viewer.user) {
        const row = await repos.find(repo.type, repo.id);
        status = row ? await requests.statusOf(row.id, viewer.user) : undefined;
      }
      return gateDenial(viewer, repo, status);
    },
  };
}
