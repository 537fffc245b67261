import type { WhoAmI } from "@modelhub/api-types";
import { useAuth } from "../auth/auth-context.js";

const WRITE_ROLES = new Set(["write", "admin"]);

export interface CommunityRights {
  /** Signed in: may open discussions and comment (the hub still checks gated access). */
  signedIn: boolean;
  user?: string;
  /** Owner of the repo or a write/admin member of its organisation: hides comments, merges. */
  writer: boolean;
}

/** What the viewer may do on `id`'s discussions; the hub decides for real, these only pick buttons. */
export function communityRights(user: WhoAmI | undefined, id: string): CommunityRights {
  if (!user) return { signedIn: false, writer: false };
  const owner = id.split("/")[0].toLowerCase();
  const writer =
    user.name.toLowerCase() === owner ||
    user.orgs.some((org) => org.name.toLowerCase() === owner && WRITE_ROLES.has(org.roleInOrg));
  return { signedIn: true, user: user.name, writer };
}

export function useCommunityRights(id: string): CommunityRights {
  const { user, signedIn } = useAuth();
  return communityRights(signedIn ? user : undefined, id);
}

/** Rename, close and reopen: the discussion's author and the repo's writers. */
export function canModerate(rights: CommunityRights, author: string): boolean {
  return rights.writer || (rights.user !== undefined && rights.user.toLowerCase() === author.toLowerCase());
}
