import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../api-client.js";
import type {
  DiscussionDetails,
  DiscussionList,
  MergeResponse,
  NewCommentResponse,
  NewDiscussionRequest,
  NewDiscussionResponse,
  NewStatusResponse,
  NewTitleResponse,
  RepoType,
  UpdatedCommentResponse,
} from "@modelhub/api-types";
import { apiPaths } from "../../config/paths.js";

/** The list filters of the community tab (the page's own vocabulary, sent as query parameters). */
export type TypeFilter = "all" | "discussion" | "pull_request";
export type StatusFilter = "all" | "open" | "closed";

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
  input: NewDiscussionRequest,
): Promise<NewDiscussionResponse> {
  return requestJson<NewDiscussionResponse>(base(type, id), { method: "POST", json: input });
}

export function postComment(
  type: RepoType,
  id: string,
  num: number,
  comment: string,
): Promise<NewCommentResponse> {
  return requestJson<NewCommentResponse>(`${base(type, id)}/${num}/comment`, {
    method: "POST",
    json: { comment },
  });
}

export function editComment(
  type: RepoType,
  id: string,
  num: number,
  commentId: string,
  content: string,
): Promise<UpdatedCommentResponse> {
  return requestJson<UpdatedCommentResponse>(
    `${base(type, id)}/${num}/comment/${encodeURIComponent(commentId)}/edit`,
    {
      method: "POST",
      json: { content },
    },
  );
}

export function hideComment(
  type: RepoType,
  id: string,
  num: number,
  commentId: string,
): Promise<UpdatedCommentResponse> {
  return requestJson<UpdatedCommentResponse>(
    `${base(type, id)}/${num}/comment/${encodeURIComponent(commentId)}/hide`,
    {
      method: "POST",
    },
  );
}

export function renameDiscussion(
  type: RepoType,
  id: string,
  num: number,
  title: string,
): Promise<NewTitleResponse> {
  return requestJson<NewTitleResponse>(`${base(type, id)}/${num}/title`, { method: "POST", json: { title } });
}

export function changeStatus(
  type: RepoType,
  id: string,
  num: number,
  status: "open" | "closed",
  comment?: string,
): Promise<NewStatusResponse> {
  return requestJson<NewStatusResponse>(`${base(type, id)}/${num}/status`, {
    method: "POST",
    json: { status, comment },
  });
}

export function mergePullRequest(
  type: RepoType,
  id: string,
  num: number,
  comment?: string,
): Promise<MergeResponse> {
  return requestJson<MergeResponse>(`${base(type, id)}/${num}/merge`, { method: "POST", json: { comment } });
}
