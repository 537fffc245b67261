import type { Accounts } from "../platform/accounts.js";
import { forbidden } from "../domain/errors.js";

export const BILL_TO_HEADER = "X-HF-Bill-To";

/**
 * The org named by `X-HF-Bill-To`, spelled as the hub spells it, or null when the caller pays.
 * Only members of the org may bill it (403 otherwise, also for an org that does not exist).
 */
export async function resolveBillTo(
  accounts: Accounts,
  user: string,
  header: string | undefined,
): Promise<string | null> {
  const wanted = header?.trim();
  if (!wanted) return null;
  const orgs = await accounts.orgsOf(user);
  const org = orgs.find((row) => row.name.toLowerCase() === wanted.toLowerCase());
  if (!org)
    throw forbidden(
      `${BILL_TO_HEADER}: you can only bill an organization you are a member of, and you are not a member of "${wanted}"`,
    );
  return org.name;
}
