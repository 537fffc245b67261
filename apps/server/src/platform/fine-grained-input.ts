import { z } from "zod";
import { badRequest } from "../domain/errors.js";
import type { RepoType } from "../domain/repo.js";
import { isNamespaceMember } from "./access-rules.js";
import type { Accounts, UserRow } from "./accounts.js";
import type { Repos } from "./repos.js";
import {
  ENTITY_TYPES,
  GLOBAL_PERMISSIONS,
  SCOPED_PERMISSIONS,
  type FineGrained,
  type FineGrainedEntity,
} from "./token-scope.js";

// What `POST /api/settings/tokens` (and a service account's token route) accepts as a fine-grained
// token's permissions, checked against the hub: every named entity must exist and be the creator's.

const MAX_SCOPES = 200;

export const fineGrainedInputSchema = z.object({
  canReadGatedRepos: z.boolean().default(false),
  global: z.array(z.string().max(100)).max(50).default([]),
  scoped: z
    .array(
      z.object({
        entity: z
          .object({
            _id: z.string().min(1).max(200).optional(),
            type: z.enum(ENTITY_TYPES),
            name: z.string().min(1).max(300).optional(),
          })
          .refine((entity) => entity._id !== undefined || entity.name !== undefined, {
            message: "an entity needs its _id or its name",
          }),
        permissions: z.array(z.string().max(100)).max(50),
      }),
    )
    .max(MAX_SCOPES)
    .default([]),
});
export type FineGrainedInput = z.infer<typeof fineGrainedInputSchema>;

export const expiresAtSchema = z.string().max(64).optional();

/** A future instant as ISO text, or a 400 saying what is wrong with it. */
export function parseExpiry(value: string | undefined, now = new Date()): string | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at))
    throw badRequest(`expiresAt "${value}" is not a date: use ISO 8601, e.g. 2030-01-31T00:00:00Z`);
  if (at <= now.getTime())
    throw badRequest(`expiresAt ${value} is in the past: a token must expire in the future`);
  return new Date(at).toISOString();
}

export interface ScopeLimits {
  /** Service accounts: every entity must be this org or one of its repos. */
  onlyNamespace?: string;
}

/** The stored form of a fine-grained token's permissions; 400 on an unknown permission or entity. */
export async function resolveFineGrained(
  input: FineGrainedInput,
  owner: UserRow,
  deps: { accounts: Accounts; repos: Repos },
  limits: ScopeLimits = {},
): Promise<FineGrained> {
  for (const permission of input.global)
    if (!GLOBAL_PERMISSIONS.includes(permission))
      throw badRequest(`Unknown global permission "${permission}": use ${GLOBAL_PERMISSIONS.join(", ")}`);
  const memberOrgs = (await deps.accounts.orgsOf(owner.name)).map((org) => org.name);
  const viewer = { user: owner.name, orgs: memberOrgs, isAdmin: owner.is_admin === 1 };
  const scoped = [];
  for (const scope of input.scoped) {
    const allowed = SCOPED_PERMISSIONS[scope.entity.type];
    for (const permission of scope.permissions)
      if (!allowed.includes(permission))
        throw badRequest(
          `Unknown permission "${permission}" for entity type "${scope.entity.type}": use ${allowed.join(", ")}`,
        );
    const entity = await resolveEntity(scope.entity, owner, viewer, deps);
    const namespace =
      entity.type === "user" || entity.type === "org" ? entity.name : entity.name.split("/")[0];
    if (limits.onlyNamespace && namespace.toLowerCase() !== limits.onlyNamespace.toLowerCase())
      throw badRequest(
        `A service account's token may only reach its organization ${limits.onlyNamespace} and its repos, not ${entity.type} ${entity.name}`,
      );
    scoped.push({ entity, permissions: [...new Set(scope.permissions)] });
  }
  return { canReadGatedRepos: input.canReadGatedRepos, global: [...new Set(input.global)], scoped };
}

function unknownEntity(entity: FineGrainedInput["scoped"][number]["entity"]): Error {
  return badRequest(`Unknown entity: no ${entity.type} ${entity.name ?? entity._id ?? ""} you can access`);
}

async function resolveEntity(
  entity: FineGrainedInput["scoped"][number]["entity"],
  owner: UserRow,
  viewer: { user: string; orgs: string[]; isAdmin: boolean },
  deps: { accounts: Accounts; repos: Repos },
): Promise<FineGrainedEntity> {
  const matches = (id: string, name: string) =>
    (entity._id === undefined || entity._id === id) &&
    (entity.name === undefined || entity.name.toLowerCase() === name.toLowerCase());
  if (entity.type === "user") {
    if (!matches(owner.id, owner.name))
      throw badRequest(`A token can only be scoped to its own user account (${owner.name})`);
    return { _id: owner.id, type: "user", name: owner.name };
  }
  if (entity.type === "org") {
    const org = entity.name
      ? await deps.accounts.findOrg(entity.name)
      : await deps.accounts.findOrgById(entity._id ?? "");
    if (!org || !matches(org.id, org.name) || !isNamespaceMember(viewer, org.name))
      throw unknownEntity(entity);
    return { _id: org.id, type: "org", name: org.name };
  }
  const type: RepoType = entity.type;
  const row = entity.name
    ? await deps.repos.find(type, entity.name)
    : await deps.repos.findById(entity._id ?? "");
  if (!row || row.type !== type || !matches(row.id, row.full_id)) throw unknownEntity(entity);
  if (row.private === 1 && !viewer.isAdmin && !isNamespaceMember(viewer, row.owner))
    throw unknownEntity(entity);
  return { _id: row.id, type: entity.type, name: row.full_id };
}
