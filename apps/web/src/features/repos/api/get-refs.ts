import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { RepoRefs, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

export function useRefs(type: RepoType, id: string) {
  return useQuery({
    queryKey: ["refs", type, id],
    queryFn: () => requestJson<RepoRefs>(`${apiPaths.repo(type, id)}/refs`),
    staleTime: 60_000,
  });
}
