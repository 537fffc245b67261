import { forbidden, notFound } from "../domain/errors.js";
import type { Viewer } from "../domain/repo.js";
import { requireWriteUser } from "./access-rules.js";
import type { Accounts, OrgRow } from "./accounts.js";

/**
 * The org when `actor` may administer it: an org admin or a site admin, with a write credential (401
 * anonymous, 403 otherwise, 404 for an unknown org). The org's token policy does not bar its admins'
 * classic tokens here, or an admin could lock the org's settings away from the API; fine-grained
 * tokens never reach these routes (token-permissions.ts).
 */
export async function requireOrgAdmin(
  accounts: Accounts,
  orgName: string,
  actor: Viewer,
  what: string,
): Promise<OrgRow> {
  const user = requireWriteUser(actor);
  const org = await accounts.findOrg(orgName);
  if (!org) throw notFound(`Organization ${orgName} not found`);
  if (actor.isAdmin === true) return org;
  const role = (await accounts.orgsOf(user)).find((own) => own.name === org.name)?.role;
  if (role !== "admin") throw forbidden(`Only admins of ${org.name} can manage its ${what}`);
  return org;
}
