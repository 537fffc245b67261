/** Discussions and pull requests (the shapes `huggingface_hub` reads). */

export type DiscussionStatus = "open" | "closed" | "merged" | "draft";

export interface DiscussionAuthor {
  name: string;
  type: "user";
  isOwner: boolean;
}

/** One item of `GET /api/{kind}/{id}/discussions`. */
export interface DiscussionSummary {
  num: number;
  title: string;
  status: DiscussionStatus;
  createdAt: string;
  updatedAt: string;
  isPullRequest: boolean;
  author: DiscussionAuthor;
  repo: { name: string; type: string };
  numComments: number;
  pinned: boolean;
  topReactions: never[];
}

/** `GET /api/{kind}/{id}/discussions` (50 a page). */
export interface DiscussionList {
  discussions: DiscussionSummary[];
  count: number;
  start: number;
  counts: Record<DiscussionStatus, number>;
}

export interface CommentData {
  edited: boolean;
  hidden: boolean;
  hiddenBy?: string;
  numEdits: number;
  editors: string[];
  latest: { raw: string; html: string; updatedAt: string; author: DiscussionAuthor };
  /** Earlier versions (empty for hidden comments). */
  history: { raw: string; updatedAt: string; editor: string; author: { name: string } }[];
}

interface EventBase {
  id: string;
  createdAt: string;
  author: DiscussionAuthor;
}

export type DiscussionEvent =
  | (EventBase & { type: "comment"; data: CommentData })
  | (EventBase & { type: "title-change"; data: { from: string; to: string } })
  | (EventBase & {
      type: "status-change";
      data: { status: DiscussionStatus; mergeCommitId?: string; fastForward?: boolean };
    })
  | (EventBase & { type: "commit"; data: { subject: string; oid: string } });

/** `GET /api/{kind}/{id}/discussions/{num}` */
export interface DiscussionDetails extends DiscussionSummary {
  events: DiscussionEvent[];
  /** Pull requests only. */
  changes?: {
    base: string;
    head: string;
    baseCommit: string | null;
    headCommit: string | null;
    mergeCommitId?: string;
  };
  filesWithConflicts?: string[];
  /** The unified diff of the PR against its base (only with `diff=1`). */
  diff?: string;
}

/** `POST /api/{kind}/{id}/discussions` */
export interface NewDiscussionRequest {
  title: string;
  description: string;
  pullRequest?: boolean;
}

export interface NewDiscussionResponse {
  num: number;
  url: string;
  isPullRequest: boolean;
  /** Pull requests: where to push their commits, and the commit they start from. */
  ref?: string;
  baseCommit?: string | null;
}

/** `POST …/discussions/{num}/comment` */
export interface NewCommentResponse {
  newMessage: DiscussionEvent;
}

/** `POST …/comment/{id}/edit` and `…/hide` */
export interface UpdatedCommentResponse {
  updatedComment: DiscussionEvent;
}

/** `POST …/discussions/{num}/title` */
export interface NewTitleResponse {
  newTitle: DiscussionEvent;
}

/** `POST …/discussions/{num}/status` */
export interface NewStatusResponse {
  newStatus: DiscussionEvent;
}

/** `POST …/discussions/{num}/merge` */
export interface MergeResponse {
  status: "merged";
  mergeCommitId: string;
  fastForward: boolean;
}
