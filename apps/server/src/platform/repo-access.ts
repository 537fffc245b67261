import type { RepoAccess, RepoRecord, RepoType, Viewer } from "../http/contracts.js";
import { toRepoRecord, type Repos } from "./repos.js";

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

export function createRepoAccess(repos: Repos): RepoAccess {
  return {
    async findRepo(type: RepoType, id: string) {
      const row = await repos.find(type, id);
      return row ? toRepoRecord(row) : undefined;
    },
    canRead: (viewer, repo) => canReadRepo(viewer, repo),
    canWrite: (viewer, repo) => canWriteNamespace(viewer, repo.owner),
  };
}
