import { useAuth } from "../auth/auth-context.js";

/**
 * Whether the signed-in user may commit to the repo directly: its owner or a member of the owning
 * organisation. Everyone else signed in opens a pull request; the hub has the last word (a 403 is
 * shown in place and the form switches to a pull request).
 */
export function useCanWrite(id: string): { signedIn: boolean; canWrite: boolean; checking: boolean } {
  const { user, checking } = useAuth();
  const owner = id.split("/")[0];
  const canWrite = Boolean(user && (user.name === owner || user.orgs?.some((org) => org.name === owner)));
  return { signedIn: Boolean(user), canWrite, checking };
}
