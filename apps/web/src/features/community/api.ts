import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import type { RepoType } from "../../lib/api-types.js";
import { apiPaths } from "../../config/paths.js";

/** Shapes of the hub's discussion routes (the ones `huggingface_hub` reads). */

export type DiscussionStatus = "open" | "closed" | "merged" | "draft";
export type TypeFilter = "all" | "discussion" | "pull_request";
export type StatusFilter = "all" | "open" | "closed";

export interface DiscussionAuthor {
  name: string;
  type: string;
  isOwner: boolean;
}

export interface DiscussionSummary {
  num: number;
  title: string;
  status: DiscussionStatus;
  createdAt: string;
  updatedAt: string;
  isPullRequest: boolean;
  author: DiscussionAuthor;
  numComments: number;
}

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
  latest: { raw: string; updatedAt: string; author: { name: string } };
}

interface EventBase {
  id: string;
  createdAt: string;
  author: DiscussionAuthor;
}

export type DiscussionEvent =
  | (EventBase & { type: "comment"; data: CommentData })
  | (EventBase & { type: "title-change"; data: { from: string; to: string } })
  | (EventBase & { type: "status-change"; data: { status: DiscussionStatus; mergeCommitId?: string } })
  | (EventBase & { type: "commit"; data: { subject: string; oid: string } });

export interface DiscussionDetails extends DiscussionSummary {
  events: DiscussionEvent[];
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

/** Lists come 50 a page. */
export const PAGE_SIZE = 50;

const base = (type: RepoType, id: string) => `${apiPaths.repo(type, id)}/discussions`;

export interface ListFilter {
  type: TypeFilter;
  status: StatusFilter;
  page: number;
}

export const discussionKeys = {
  all: (type: RepoType, id: string) => ["discussions", type, id] as const,
  list: (type: RepoType, id: string, filter: ListFilter) =>
    ["discussions", type, id, "list", filter.type, filter.status, filter.page] as const,
  one: (type: RepoType, id: string, num: number, diff: boolean) =>
    ["discussions", type, id, "one", num, diff] as const,
};

export function useDiscussionList(type: RepoType, id: string, filter: ListFilter, enabled = true) {
  return useQuery({
    queryKey: discussionKeys.list(type, id, filter),
    queryFn: () =>
      requestJson<DiscussionList>(base(type, id), {
        query: { type: filter.type, status: filter.status, p: filter.page },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDiscussion(type: RepoType, id: string, num: number, diff = false) {
  return useQuery({
    queryKey: discussionKeys.one(type, id, num, diff),
    enabled: Number.isSafeInteger(num) && num > 0,
    queryFn: () =>
      requestJson<DiscussionDetails>(`${base(type, id)}/${num}`, { query: { diff: diff ? 1 : undefined } }),
  });
}

/** After any change: every list and page of this repo's discussions is read again. */
export function useRefreshDiscussions(type: RepoType, id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: discussionKeys.all(type, id) });
}

export function createDiscussion(
  type: RepoType,
  id: string,
  input: { title: string; description: string; pullRequest?: boolean },
): Promise<{ num: number; url: string }> {
  return requestJson(base(type, id), { method: "POST", json: input });
}

export function postComment(type: RepoType, id: string, num: number, comment: string): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/comment`, { method: "POST", json: { comment } });
}

export function editComment(
  type: RepoType,
  id: string,
  num: number,
  commentId: string,
  content: string,
): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/comment/${encodeURIComponent(commentId)}/edit`, {
    method: "POST",
    json: { content },
  });
}

export function hideComment(type: RepoType, id: string, num: number, commentId: string): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/comment/${encodeURIComponent(commentId)}/hide`, {
    method: "POST",
  });
}

export function renameDiscussion(type: RepoType, id: string, num: number, title: string): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/title`, { method: "POST", json: { title } });
}

export function changeStatus(
  type: RepoType,
  id: string,
  num: number,
  status: "open" | "closed",
  comment?: string,
): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/status`, { method: "POST", json: { status, comment } });
}

export function mergePullRequest(
  type: RepoType,
  id: string,
  num: number,
  comment?: string,
): Promise<unknown> {
  return requestJson(`${base(type, id)}/${num}/merge`, { method: "POST", json: { comment } });
}
