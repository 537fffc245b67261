import { badRequest } from "../domain/errors.js";
import { orgsReached, type FineGrained } from "./token-scope.js";

/**
 * An organisation's rule for the access tokens of its members, as the Hub offers it:
 * - `allow_all`: every token of a member works (the default);
 * - `fine_grained_only`: classic read/write tokens no longer reach the org;
 * - `admin_approval`: fine-grained only, and a fine-grained token naming the org (or one of its repos)
 *   works there once an org admin approved it.
 */
export const TOKEN_POLICIES = ["allow_all", "fine_grained_only", "admin_approval"] as const;
export type TokenPolicy = (typeof TOKEN_POLICIES)[number];

export function parseTokenPolicy(value: string): TokenPolicy {
  const policy = TOKEN_POLICIES.find((known) => known === value);
  if (!policy) throw badRequest(`Unknown token policy "${value}": use ${TOKEN_POLICIES.join(", ")}`);
  return policy;
}

/** A token's recorded standing with one org (`pending`, `approved`, `denied`, `revoked`). */
export interface OrgTokenStanding {
  org_name: string;
  status: string;
}

export function classicTokenRefused(org: string): string {
  return `The organization ${org} only accepts fine-grained access tokens: this token cannot access its resources. Create a fine-grained token at /settings/tokens/new`;
}

export function approvalPending(org: string): string {
  return `This fine-grained token is pending approval by an administrator of the organization ${org}`;
}

export function approvalDenied(org: string): string {
  return `An administrator of the organization ${org} denied this fine-grained token access to the organization`;
}

export function revokedByOrg(org: string): string {
  return `Your token has been revoked by the organization administrator of ${org}: it no longer grants access to the organization's resources`;
}

/**
 * The orgs (lower case) a token may not reach, with the message the refusal carries. Revocation by an
 * org admin holds whatever the policy; the policy applies to the orgs the token's owner belongs to.
 */
export function orgBlocksOf(input: {
  fineGrained: FineGrained | undefined;
  tokenOwner: string;
  memberOrgs: string[];
  policies: Record<string, string>;
  standing: OrgTokenStanding[];
}): Record<string, string> {
  const blocks: Record<string, string> = {};
  const statusIn = (org: string) =>
    input.standing.find((row) => row.org_name.toLowerCase() === org.toLowerCase())?.status;
  const reached = input.fineGrained ? orgsReached(input.fineGrained, input.tokenOwner) : [];
  for (const org of input.memberOrgs) {
    const policy = input.policies[org] ?? "allow_all";
    if (policy === "allow_all") continue;
    if (!input.fineGrained) blocks[org.toLowerCase()] = classicTokenRefused(org);
    else if (policy === "admin_approval" && reached.includes(org.toLowerCase())) {
      const status = statusIn(org);
      if (status === "denied") blocks[org.toLowerCase()] = approvalDenied(org);
      else if (status !== "approved") blocks[org.toLowerCase()] = approvalPending(org);
    }
  }
  for (const row of input.standing)
    if (row.status === "revoked") blocks[row.org_name.toLowerCase()] = revokedByOrg(row.org_name);
  return blocks;
}

/** The member orgs (canonical names) under `admin_approval` that a new token reaches: each starts pending. */
export function pendingOrgsOnCreate(reachedLower: string[], policies: Record<string, string>): string[] {
  return Object.entries(policies)
    .filter(([org, policy]) => policy === "admin_approval" && reachedLower.includes(org.toLowerCase()))
    .map(([org]) => org);
}
