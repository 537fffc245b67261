import { canWriteAsNamespaceWriter } from "../access-rules.js";
import type { DiscussionRow } from "./store.js";
import type { RepoType, Viewer } from "../../domain/repo.js";

/** Why a push to a ref is refused; undefined when it is allowed. */
export interface PushDenial {
  status: 401 | 403 | 404;
  message: string;
}

export const PR_REF = /^refs\/pr\/([1-9][0-9]{0,8})$/;

/** Repo writers: a write token of the owner, of a write/admin member of the owning org, or of a site admin. */
export function isWriter(
  viewer: Viewer,
  repo: string | { owner: string; type?: RepoType; id?: string },
): boolean {
  return canWriteAsNamespaceWriter(viewer, typeof repo === "string" ? { owner: repo } : repo);
}

function isAuthor(viewer: Viewer, discussion: Pick<DiscussionRow, "author">): boolean {
  return viewer.user !== undefined && viewer.user.toLowerCase() === discussion.author.toLowerCase();
}

/** Rename, close and reopen: the discussion's author (write token) and repo writers. */
export function canModerate(
  viewer: Viewer,
  owner: string,
  discussion: Pick<DiscussionRow, "author">,
): boolean {
  return viewer.role === "write" && (isAuthor(viewer, discussion) || isWriter(viewer, owner));
}

/**
 * Pushes to `refs/pr/<n>`: the pull request's author and repo writers, while it is open (or a draft).
 * `discussion` is the row numbered n, undefined when there is none.
 */
export function prPushDenial(
  viewer: Viewer,
  owner: string,
  ref: string,
  discussion: DiscussionRow | undefined,
): PushDenial | undefined {
  if (!viewer.user) return { status: 401, message: "You must be authenticated to push to a pull request" };
  if (viewer.role !== "write") return { status: 403, message: "A read token cannot push: use a write token" };
  if (!discussion || discussion.is_pull_request !== 1)
    return { status: 404, message: `Pull request ${ref} not found` };
  if (discussion.status === "closed" || discussion.status === "merged")
    return {
      status: 403,
      message: `Pull request #${discussion.num} is ${discussion.status}: it accepts no more pushes`,
    };
  if (!isAuthor(viewer, discussion) && !isWriter(viewer, owner))
    return {
      status: 403,
      message: `Only the author of pull request #${discussion.num} and the repo's writers may push to ${ref}`,
    };
  return undefined;
}
