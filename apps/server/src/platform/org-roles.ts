import { badRequest } from "../domain/errors.js";

/** The roles a member can hold in an organisation. */
export const ORG_ROLES = ["admin", "write", "read"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Roles whose members may push to the org's repositories. */
export const WRITING_ROLES: readonly string[] = ["admin", "write"];

export function parseOrgRole(value: string): OrgRole {
  const role = ORG_ROLES.find((known) => known === value);
  if (!role) throw badRequest(`Unknown role "${value}": use ${ORG_ROLES.join(", ")}`);
  return role;
}
