import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import type { CommitDiff, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../config/paths.js";

export function useCommitDiff(type: RepoType, id: string, rev: string) {
  return useQuery({
    queryKey: ["commit-diff", type, id, rev],
    queryFn: () => requestJson<CommitDiff>(`${apiPaths.repo(type, id)}/commit/${encodeURIComponent(rev)}`),
    staleTime: Infinity,
  });
}
