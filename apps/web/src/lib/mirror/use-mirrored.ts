import type { RepoType } from "@modelhub/api-types";
import { useQuery } from "@tanstack/react-query";
import { repoInfoQuery } from "../repos/api/get-repo-info.js";

/** The repo's mirror mark from the (shared, cached) repo info; undefined for local repos. */
export function useMirrored(type: RepoType, id: string): { upstream: string } | undefined {
  return useQuery(repoInfoQuery(type, id)).data?.mirror;
}
