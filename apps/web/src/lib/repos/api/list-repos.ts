import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { requestPage, type Page } from "../../api-client.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

export interface ListParams {
  search?: string;
  author?: string;
  pipeline_tag?: string;
  library?: string;
  language?: string;
  license?: string;
  filter?: string[];
  sort?: string;
  limit?: number;
  cursor?: string;
  /** `local` or `mirror`: only this hub's own repos, or only mirrored ones. */
  source?: string;
}

export function listRepos(type: RepoType, params: ListParams, signal?: AbortSignal): Promise<Page<RepoInfo>> {
  const query: Record<string, string | number | string[] | undefined> = { ...params };
  return requestPage<RepoInfo>(apiPaths.collection(type), { query, signal });
}

export const repoListQuery = (type: RepoType, params: ListParams) =>
  queryOptions({
    queryKey: ["repo-list", type, params],
    queryFn: ({ signal }) => listRepos(type, params, signal),
    placeholderData: keepPreviousData,
  });

export function useRepoList(type: RepoType, params: ListParams) {
  return useQuery(repoListQuery(type, params));
}
