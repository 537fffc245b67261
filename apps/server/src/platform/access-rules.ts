import { forbidden, unauthorized } from "../domain/errors.js";
import type { RepoRecord, Viewer } from "../domain/repo.js";

// Pure rules of who may read and write what, decided from the facts of a viewer and a repo only.
// Services that need the answer (gating, discussions, accounts) import these; none of them is imported here.

/** A viewer built from a token also knows in which orgs its role allows writes. */
export interface MemberViewer extends Viewer {
  writeOrgs?: string[];
  /** The user's `_id` (the audit log records it with the name). */
  userId?: string;
  /** Orgs where the user is a `contributor`: creates repos there, writes only to the ones it created. */
  contributorOrgs?: string[];
}

function inOrgs(orgs: string[] | undefined, owner: string): boolean {
  const lower = owner.toLowerCase();
  return (orgs ?? []).some((org) => org.toLowerCase() === lower);
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

/** Creating a repo under `owner`: namespace writers, and contributors of that org. */
export function canCreateInNamespace(viewer: Viewer, owner: string): boolean {
  if (canWriteNamespace(viewer, owner)) return true;
  return viewer.role === "write" && inOrgs((viewer as MemberViewer).contributorOrgs, owner);
}

/** Writing to one repo: namespace writers, and an org contributor to a repo it created. */
export function canWriteRepo(viewer: Viewer, repo: { owner: string; createdBy?: string | null }): boolean {
  if (canWriteNamespace(viewer, repo.owner)) return true;
  if (viewer.role !== "write" || !viewer.user || !repo.createdBy) return false;
  return (
    repo.createdBy.toLowerCase() === viewer.user.toLowerCase() &&
    inOrgs((viewer as MemberViewer).contributorOrgs, repo.owner)
  );
}

/** Every route that needs a signed-in viewer (401 otherwise); returns the user name. */
export function requireUser(viewer: Viewer): string {
  if (!viewer.user) throw unauthorized("You must be authenticated: send `Authorization: Bearer hf_...`");
  return viewer.user;
}

export const READ_ONLY_TOKEN_MESSAGE = "This action needs a write token; this token is read-only";

/** Every state-changing route: a signed-in viewer whose credential has the write role (401 / 403). */
export function requireWriteUser(viewer: Viewer): string {
  const user = requireUser(viewer);
  if (viewer.role !== "write") throw forbidden(READ_ONLY_TOKEN_MESSAGE);
  return user;
}
