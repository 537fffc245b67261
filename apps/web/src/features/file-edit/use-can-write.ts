import { useAuth } from "../../lib/auth/auth-context.js";
import { communityRights } from "../../lib/community/permissions.js";

/**
 * Whether the signed-in user may commit to the repo directly: its owner or a write/admin member of
 * the owning organisation (the same rule as the Community tab). Everyone else signed in opens a pull
 * request; the hub has the last word (a 403 is shown in place and offers a pull request instead).
 */
export function useCanWrite(id: string): { signedIn: boolean; canWrite: boolean; checking: boolean } {
  const { user, signedIn, checking } = useAuth();
  const rights = communityRights(signedIn ? user : undefined, id);
  return { signedIn: rights.signedIn, canWrite: rights.writer, checking };
}
