import { badRequest } from "../domain/errors.js";

/**
 * The roles a member can hold in an organisation, most privileged first. `contributor` (as on the
 * Hub) may create repos in the org and write to the repos it created; it only reads the others.
 */
export const ORG_ROLES = ["admin", "write", "contributor", "read"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Roles whose members may push to every repository of the org. */
export const WRITING_ROLES: readonly string[] = ["admin", "write"];

export function parseOrgRole(value: string): OrgRole {
  const role = ORG_ROLES.find((known) => known === value);
  if (!role) throw badRequest(`Unknown role "${value}": use ${ORG_ROLES.join(", ")}`);
  return role;
}

/** Higher is more privileged (admin 3 … read 0); unknown text ranks as read. */
export function roleRank(role: string): number {
  const index = ORG_ROLES.findIndex((known) => known === role);
  return index < 0 ? 0 : ORG_ROLES.length - 1 - index;
}

/** The more privileged of two roles. */
export function higherRole(a: OrgRole, b: OrgRole): OrgRole {
  return roleRank(a) >= roleRank(b) ? a : b;
}
