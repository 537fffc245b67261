import { useLocation, useParams } from "react-router";
import type { RepoType } from "@modelhub/api-types";

export interface RepoRoute {
  type: RepoType;
  id: string;
  owner: string;
  name: string;
  /** Revision from the URL (decoded), `main` when absent. */
  revision: string;
  /** Path inside the repo for tree/blob routes. */
  filePath: string;
}

/** Reads repo type, id, revision and file path from any repo URL. */
export function useRepoRoute(): RepoRoute {
  const params = useParams();
  const { pathname } = useLocation();
  const type: RepoType = pathname.startsWith("/datasets/")
    ? "dataset"
    : pathname.startsWith("/spaces/")
      ? "space"
      : pathname.startsWith("/kernels/")
        ? "kernel"
        : "model";
  const owner = params.owner ?? "";
  const name = params.name ?? "";
  return {
    type,
    owner,
    name,
    id: `${owner}/${name}`,
    revision: params.rev ? decodeURIComponent(params.rev) : "main",
    filePath: (params["*"] ?? "").replace(/\/$/, ""),
  };
}
