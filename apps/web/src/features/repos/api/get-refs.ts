import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { RepoType } from "../../../lib/api-types.js";
import { apiPaths } from "../../../config/paths.js";

interface Ref {
  name: string;
  ref: string;
  targetCommit: string;
}

export interface RepoRefs {
  branches: Ref[];
  tags: Ref[];
}

export function useRefs(type: RepoType, id: string) {
  return useQuery({
    queryKey: ["refs", type, id],
    queryFn: () => requestJson<RepoRefs>(`${apiPaths.repo(type, id)}/refs`),
    staleTime: 60_000,
  });
}
