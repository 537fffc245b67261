import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "../../lib/api-error.js";
import type { RepoType } from "@modelhub/api-types";
import { getRepoInfo } from "../../lib/repos/api/get-repo-info.js";

/**
 * The commit `revision` pointed at when the page opened, sent as `parentCommit` so a concurrent
 * commit makes the hub answer 412 instead of silently overwriting it. `null`: the repo has no commit.
 */
export function useBaseCommit(type: RepoType, id: string, revision: string) {
  return useQuery({
    queryKey: ["edit-base", type, id, revision],
    queryFn: async () => {
      try {
        return (await getRepoInfo(type, id, revision)).sha ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    // never served from an earlier page's cache: each page asks for the head it opens at
    gcTime: 0,
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
