import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "../../api-client.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";
import { useFollowRename } from "../use-follow-rename.js";

export function getRepoInfo(type: RepoType, id: string, revision?: string): Promise<RepoInfo> {
  const path = revision ? apiPaths.repoAt(type, id, revision) : apiPaths.repo(type, id);
  return requestJson<RepoInfo>(path, { query: { blobs: true } });
}

export const repoInfoQuery = (type: RepoType, id: string, revision?: string) =>
  queryOptions({
    queryKey: ["repo-info", type, id, revision ?? ""],
    queryFn: () => getRepoInfo(type, id, revision),
  });

/** For repo pages: also moves the page to a renamed repo's new id (see useFollowRename). */
export function useRepoInfo(type: RepoType, id: string, revision?: string) {
  const query = useQuery(repoInfoQuery(type, id, revision));
  useFollowRename(id, query.data?.id);
  return query;
}
