import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Accounts } from "../platform/accounts.js";
import { higherRole, type OrgRole } from "../platform/org-roles.js";
import type { SecurityEvents } from "../platform/security-events.js";
import type { OrgSsoStore } from "./org-sso-settings.js";
import type { ProviderProfile } from "./profile.js";
import type { GroupRoleRule } from "./settings.js";

/** Memberships a mapping granted are marked with this, so a later sign-in may take them away. */
export const SSO_GRANT = "sso";

/**
 * The names a group answers to, lower-cased: itself, and for a directory DN
 * (`cn=ml-team,ou=groups,dc=corp`) also its first value (`ml-team`).
 */
export function groupKeys(groups: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const group of groups) {
    const trimmed = group.trim();
    if (!trimmed) continue;
    keys.add(trimmed.toLowerCase());
    const rdn = /^[A-Za-z][\w-]*=((?:\\.|[^,+\\])+)/.exec(trimmed);
    if (rdn && trimmed.includes(",")) keys.add(rdn[1].replace(/\\(.)/g, "$1").trim().toLowerCase());
  }
  return keys;
}

/** The most privileged role per org that the matching rules give (orgs without a match are absent). */
export function desiredRoles(
  rules: readonly (GroupRoleRule & { attribute?: string | null })[],
  groupsOf: (attribute: string | null | undefined) => Set<string>,
): Map<string, OrgRole> {
  const roles = new Map<string, OrgRole>();
  for (const rule of rules) {
    if (!groupsOf(rule.attribute).has(rule.group.trim().toLowerCase())) continue;
    const key = rule.org.toLowerCase();
    const previous = roles.get(key);
    roles.set(key, previous ? higherRole(previous, rule.role) : rule.role);
  }
  return roles;
}

export interface GroupRoleSyncDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  orgSso: OrgSsoStore;
  events: SecurityEvents;
  /** MODELHUB_SSO_GROUP_ROLES */
  siteRules: readonly GroupRoleRule[];
}

/**
 * Re-syncs a user's org roles from the groups of this sign-in: each org a rule matches gets the most
 * privileged matching role; a membership an earlier mapping granted whose groups no longer match is
 * removed. The last admin of an org is never demoted or removed this way (the change is skipped and
 * reported). Orgs named by site-wide rules that do not exist yet are created.
 */
export async function syncGroupRoles(
  deps: GroupRoleSyncDeps,
  user: string,
  profile: Pick<ProviderProfile, "groups" | "attributes" | "provider">,
): Promise<void> {
  const defaultGroups = groupKeys(profile.groups);
  const groupsOf = (attribute: string | null | undefined) =>
    attribute ? groupKeys(profile.attributes[attribute] ?? []) : defaultGroups;
  const orgRules = await deps.orgSso.allRules();
  const desired = desiredRoles([...deps.siteRules, ...orgRules], groupsOf);
  const current = await deps.db
    .selectFrom("memberships")
    .select(["org_name", "role", "granted_by"])
    .where("user_name", "=", user)
    .execute();
  const currentByOrg = new Map(current.map((row) => [row.org_name.toLowerCase(), row]));

  for (const [orgKey, role] of desired) {
    const org = (await deps.accounts.findOrg(orgKey)) ?? (await createMappedOrg(deps, orgKey));
    if (!org) continue;
    const existing = currentByOrg.get(orgKey);
    if (existing && existing.role === role && existing.granted_by === SSO_GRANT) continue;
    if (existing?.role === "admin" && role !== "admin" && (await isLastAdmin(deps.db, org.name, user))) {
      deps.events.record({
        type: "org-role-synced",
        user,
        org: org.name,
        role: "admin",
        via: "kept: last admin",
      });
      continue;
    }
    await deps.accounts.addMember(org.name, user, role, SSO_GRANT);
    deps.events.record({ type: "org-role-synced", user, org: org.name, role, via: profile.provider });
  }

  for (const row of current) {
    if (row.granted_by !== SSO_GRANT || desired.has(row.org_name.toLowerCase())) continue;
    if (row.role === "admin" && (await isLastAdmin(deps.db, row.org_name, user))) {
      deps.events.record({
        type: "org-role-synced",
        user,
        org: row.org_name,
        role: "admin",
        via: "kept: last admin",
      });
      continue;
    }
    await deps.db
      .deleteFrom("memberships")
      .where("org_name", "=", row.org_name)
      .where("user_name", "=", user)
      .execute();
    deps.accounts.forgetResolvedTokens();
    deps.events.record({
      type: "org-role-synced",
      user,
      org: row.org_name,
      role: null,
      via: profile.provider,
    });
  }
}

async function createMappedOrg(deps: GroupRoleSyncDeps, orgKey: string) {
  const rule = deps.siteRules.find((r) => r.org.toLowerCase() === orgKey);
  if (!rule) return undefined;
  try {
    return await deps.accounts.createOrg({ name: rule.org });
  } catch {
    // a concurrent sign-in created it, or the name is not usable: look again
    return deps.accounts.findOrg(rule.org);
  }
}

async function isLastAdmin(db: Kysely<Database>, org: string, user: string): Promise<boolean> {
  const admins = await db
    .selectFrom("memberships")
    .select("user_name")
    .where("org_name", "=", org)
    .where("role", "=", "admin")
    .execute();
  return admins.length > 0 && admins.every((admin) => admin.user_name === user);
}
