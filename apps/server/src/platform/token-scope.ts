import type { RepoType } from "../domain/repo.js";

// The permissions of a fine-grained token, as the Hub names them and whoami-v2 reports them, and the
// pure rule of whether a token's permissions reach one target. Nothing here reads the database.

export const ENTITY_TYPES = ["user", "org", "model", "dataset", "space"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

const REPO_PERMISSIONS = ["repo.content.read", "repo.access.read", "repo.write", "discussion.write"] as const;
const NAMESPACE_PERMISSIONS = [
  ...REPO_PERMISSIONS,
  "collection.read",
  "collection.write",
  "inference.endpoints.infer.write",
  "inference.endpoints.write",
] as const;

/** Which permissions each entity type may carry (anything else is a 400 at creation). */
export const SCOPED_PERMISSIONS: Record<EntityType, readonly string[]> = {
  user: [
    ...NAMESPACE_PERMISSIONS,
    "user.webhooks.read",
    "user.webhooks.write",
    "user.billing.read",
    "inference.serverless.write",
  ],
  org: [...NAMESPACE_PERMISSIONS, "webhooks.read", "webhooks.write", "org.read", "org.write"],
  model: REPO_PERMISSIONS,
  dataset: REPO_PERMISSIONS,
  space: REPO_PERMISSIONS,
};

export const GLOBAL_PERMISSIONS: readonly string[] = [
  "discussion.write",
  "post.write",
  "inference.serverless.write",
];

/** A write permission grants the matching read (the Hub's form ticks the read box with the write one). */
const IMPLIED: Record<string, string[]> = {
  "repo.content.read": ["repo.write"],
  "collection.read": ["collection.write"],
  "user.webhooks.read": ["user.webhooks.write"],
  "webhooks.read": ["webhooks.write"],
  "org.read": ["org.write"],
};

export interface FineGrainedEntity {
  _id: string;
  type: EntityType;
  name: string;
}

export interface FineGrainedScope {
  entity: FineGrainedEntity;
  permissions: string[];
}

/** What a fine-grained token may do: stored as JSON on the token, reported by whoami-v2 as is. */
export interface FineGrained {
  canReadGatedRepos: boolean;
  global: string[];
  scoped: FineGrainedScope[];
}

/** What a request reaches: one repository, a namespace (user or org), or nothing in particular. */
export type PermissionTarget =
  | { kind: "repo"; type: RepoType; owner: string; name: string; private?: boolean }
  | { kind: "namespace"; owner: string }
  | { kind: "global" };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function holds(permissions: readonly string[], wanted: string): boolean {
  return permissions.includes(wanted) || (IMPLIED[wanted] ?? []).some((p) => permissions.includes(p));
}

/**
 * Whether the token's permissions include `permission` on `target`: a repo is reached by its own
 * scope or its owner's (user or org) scope; a namespace by its scope; global permissions by the global
 * list or the token owner's user scope. Global `discussion.write` reaches every public repo.
 */
export function fineGrainedAllows(
  grants: FineGrained,
  permission: string,
  target: PermissionTarget,
): boolean {
  if (target.kind === "global")
    return (
      holds(grants.global, permission) ||
      grants.scoped.some((s) => s.entity.type === "user" && holds(s.permissions, permission))
    );
  const reaching = grants.scoped.filter((scope) => {
    const { type, name } = scope.entity;
    if (type === "user" || type === "org") return same(name, target.owner);
    return target.kind === "repo" && type === target.type && same(name, `${target.owner}/${target.name}`);
  });
  if (reaching.some((scope) => holds(scope.permissions, permission))) return true;
  return (
    permission === "discussion.write" &&
    target.kind === "repo" &&
    target.private === false &&
    holds(grants.global, permission)
  );
}

/** The namespaces other than the token owner's that its scopes name, directly or through a repo (lower case). */
export function orgsReached(grants: FineGrained, tokenOwner: string): string[] {
  const names = new Set<string>();
  for (const { entity } of grants.scoped) {
    if (entity.type === "user") continue;
    const owner = entity.type === "org" ? entity.name : entity.name.split("/")[0];
    if (!same(owner, tokenOwner)) names.add(owner.toLowerCase());
  }
  return [...names];
}

/** Reads the stored JSON; an unreadable value grants nothing. */
export function parseStoredFineGrained(json: string): FineGrained {
  try {
    const value = JSON.parse(json) as Partial<FineGrained>;
    return {
      canReadGatedRepos: value.canReadGatedRepos === true,
      global: Array.isArray(value.global) ? value.global.filter((p) => typeof p === "string") : [],
      scoped: Array.isArray(value.scoped) ? value.scoped : [],
    };
  } catch {
    return { canReadGatedRepos: false, global: [], scoped: [] };
  }
}

/** The namespaces and repos (`type`, `owner/name`) where the token holds `permission`, for SQL filters. */
export function scopesWith(
  grants: FineGrained,
  permission: string,
): { namespaces: string[]; repos: { type: string; name: string }[] } {
  const namespaces: string[] = [];
  const repos: { type: string; name: string }[] = [];
  for (const { entity, permissions } of grants.scoped) {
    if (!holds(permissions, permission)) continue;
    if (entity.type === "user" || entity.type === "org") namespaces.push(entity.name);
    else repos.push({ type: entity.type, name: entity.name });
  }
  return { namespaces, repos };
}
