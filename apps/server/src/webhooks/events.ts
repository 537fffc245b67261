import type { RepoType } from "../domain/repo.js";

/** The repo an event is about, as it was when the event happened. */
export interface EventRepo {
  type: RepoType;
  /** Opaque `_id`. */
  id: string;
  /** `owner/name` */
  name: string;
  owner: string;
  private: boolean;
  headSha?: string;
}

export interface UpdatedRef {
  ref: string;
  oldSha: string | null;
  newSha: string | null;
}

export interface EventDiscussion {
  id: string;
  num: number;
  title: string;
  author: string;
  isPullRequest: boolean;
  status: string;
  baseRef?: string;
  mergeCommitId?: string;
}

export interface EventComment {
  id: string;
  author: string;
  content: string;
  hidden: boolean;
}

export type EventScope = "repo" | "repo.content" | "repo.config" | "discussion" | "discussion.comment";

/** Something that happened to a repo, before it is addressed to any webhook. */
export interface HubEvent {
  /** Identifies the event: it is queued at most once per webhook. */
  key: string;
  scope: EventScope;
  action: "create" | "update" | "delete" | "move";
  repo: EventRepo;
  updatedRefs?: UpdatedRef[];
  updatedConfig?: Record<string, unknown>;
  movedTo?: { name: string; owner: string };
  discussion?: EventDiscussion;
  comment?: EventComment;
}

/** The webhook domain an event scope belongs to. */
export function domainOf(scope: EventScope): "repo" | "discussion" {
  return scope.startsWith("repo") ? "repo" : "discussion";
}
