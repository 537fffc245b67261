import { ConfigError } from "../domain/errors.js";
import type { Accounts } from "./accounts.js";

/** The user MODELHUB_ADMIN_TOKEN signs in as; a reserved name nobody else can take. */
export const SITE_ADMIN_NAME = "admin";

/**
 * Makes sure user "admin" exists as a site admin holding `token`. An organization that took the name
 * before it was reserved stops the start with one line saying what to do (ConfigError, no stack).
 */
export async function ensureSiteAdmin(accounts: Accounts, token: string): Promise<void> {
  const org = await accounts.findOrg(SITE_ADMIN_NAME);
  if (org) {
    throw new ConfigError(
      `MODELHUB_ADMIN_TOKEN needs the account name "${SITE_ADMIN_NAME}", but organization "${org.name}" already holds it: rename or delete that organization, or start without MODELHUB_ADMIN_TOKEN`,
    );
  }
  const existing = await accounts.findUser(SITE_ADMIN_NAME);
  if (!existing) {
    await accounts.createUser(
      { name: SITE_ADMIN_NAME, fullname: "Administrator", isAdmin: true },
      { allowReserved: true },
    );
  }
  await accounts.setAdmin(SITE_ADMIN_NAME, true);
  await accounts.ensureToken(SITE_ADMIN_NAME, token, "MODELHUB_ADMIN_TOKEN");
}
