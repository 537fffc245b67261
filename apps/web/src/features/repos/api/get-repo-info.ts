import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { RepoInfo, RepoType } from "../../../lib/api-types.js";
import { apiPaths } from "../../../config/paths.js";

export function getRepoInfo(type: RepoType, id: string, revision?: string): Promise<RepoInfo> {
  const path = revision ? apiPaths.repoAt(type, id, revision) : apiPaths.repo(type, id);
  return requestJson<RepoInfo>(path, { query: { blobs: true } });
}

export const repoInfoQuery = (type: RepoType, id: string, revision?: string) =>
  queryOptions({
    queryKey: ["repo-info", type, id, revision ?? ""],
    queryFn: () => getRepoInfo(type, id, revision),
  });

export function useRepoInfo(type: RepoType, id: string, revision?: string) {
  return useQuery(repoInfoQuery(type, id, revision));
}
