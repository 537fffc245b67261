import { forbidden, unauthorized } from "../domain/errors.js";
import type { RepoRecord, RepoType, Viewer } from "../domain/repo.js";
import { fineGrainedAllows, type FineGrained, type PermissionTarget } from "./token-scope.js";

// Pure rules of who may read and write what, decided from the facts of a viewer and a repo only.
// Services that need the answer (gating, discussions, accounts) import these; none of them is imported here.

/** A viewer built from a token also knows in which orgs its role allows writes. */
export interface MemberViewer extends Viewer {
  writeOrgs?: string[];
  /** The user's `_id` (the audit log records it with the name). */
  userId?: string;
  /** Orgs where the user is a `contributor`: creates repos there, writes only to the ones it created. */
  contributorOrgs?: string[];
  /** Set for a fine-grained token: it narrows every right below to what its permissions reach. */
  fineGrained?: FineGrained;
  /**
   * Orgs (lower case) whose resources this token may not reach, with the reason: a classic token under
   * a fine-grained-only policy, a token awaiting or denied approval, a token an org admin revoked.
   */
  orgBlocks?: Record<string, string>;
}

/** A repo as far as the rules need it; without type and name only namespace scopes can reach it. */
type RepoFacts = Pick<RepoRecord, "owner"> & { type?: RepoType; id?: string; private?: boolean };

function targetOf(repo: RepoFacts): PermissionTarget {
  if (!repo.type || !repo.id) return { kind: "namespace", owner: repo.owner };
  const slash = repo.id.indexOf("/");
  return {
    kind: "repo",
    type: repo.type,
    owner: repo.owner,
    name: repo.id.slice(slash + 1),
    private: repo.private,
  };
}

/** Whether the viewer's token permits `permission` on `target` (always, unless it is fine-grained). */
export function tokenPermits(viewer: Viewer, permission: string, target: PermissionTarget): boolean {
  const grants = (viewer as MemberViewer).fineGrained;
  return !grants || fineGrainedAllows(grants, permission, target);
}

/** Whether the repo (or namespace) is one the viewer's token was barred from by its org. */
export function orgBlockOf(viewer: Viewer, owner: string): string | undefined {
  const blocks = (viewer as MemberViewer).orgBlocks;
  return blocks && Object.hasOwn(blocks, owner.toLowerCase()) ? blocks[owner.toLowerCase()] : undefined;
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

export function canReadRepo(
  viewer: Viewer,
  repo: Pick<RepoRecord, "private" | "owner"> & { type?: RepoType; id?: string },
): boolean {
  if (!repo.private) return true;
  if (viewer.isAdmin !== true && !isNamespaceMember(viewer, repo.owner)) return false;
  return tokenPermits(viewer, "repo.content.read", targetOf(repo));
}

/**
 * Writes need a write token of the owner, of a member of the owning org, or of an admin; a
 * fine-grained token also needs `permission` on the namespace (`repo.write` unless said otherwise).
 */
export function canWriteNamespace(viewer: Viewer, owner: string, permission = "repo.write"): boolean {
  return baseNamespaceWriter(viewer, owner) && tokenPermits(viewer, permission, { kind: "namespace", owner });
}

/**
 * A writer of the repo's whole namespace (owner, write member of its org, site admin) whose token
 * reaches this repo: who may merge pull requests and hide comments.
 */
export function canWriteAsNamespaceWriter(viewer: Viewer, repo: RepoFacts): boolean {
  return baseNamespaceWriter(viewer, repo.owner) && tokenPermits(viewer, "repo.write", targetOf(repo));
}

function baseNamespaceWriter(viewer: Viewer, owner: string): boolean {
  if (viewer.role !== "write" || !viewer.user) return false;
  if (viewer.isAdmin === true) return true;
  const lower = owner.toLowerCase();
  const writeOrgs = (viewer as MemberViewer).writeOrgs ?? viewer.orgs;
  return viewer.user.toLowerCase() === lower || writeOrgs.some((org) => org.toLowerCase() === lower);
}

/** Creating a repo under `owner`: namespace writers, and contributors of that org. */
export function canCreateInNamespace(viewer: Viewer, owner: string): boolean {
  if (canWriteNamespace(viewer, owner)) return true;
  return (
    viewer.role === "write" &&
    inOrgs((viewer as MemberViewer).contributorOrgs, owner) &&
    tokenPermits(viewer, "repo.write", { kind: "namespace", owner })
  );
}

/** Writing to one repo: namespace writers, and an org contributor to a repo it created. */
export function canWriteRepo(viewer: Viewer, repo: RepoFacts & { createdBy?: string | null }): boolean {
  return baseRepoWriter(viewer, repo) && tokenPermits(viewer, "repo.write", targetOf(repo));
}

function baseRepoWriter(viewer: Viewer, repo: { owner: string; createdBy?: string | null }): boolean {
  if (baseNamespaceWriter(viewer, repo.owner)) return true;
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
