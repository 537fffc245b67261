import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import type { RepoType } from "../../lib/api-types.js";
import { apiPaths } from "../../config/paths.js";

export interface LfsSide {
  oid: string;
  size: number;
}

export interface FileChange {
  path: string;
  oldPath?: string;
  status: "added" | "deleted" | "modified" | "renamed" | "type-changed";
  additions: number;
  deletions: number;
  binary: boolean;
  lfs?: { before?: LfsSide; after?: LfsSide };
  patch?: string;
  truncated?: boolean;
}

export interface CommitDiff {
  id: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  date: string;
  title: string;
  message: string;
  files: FileChange[];
  filesTruncated: boolean;
}

export function useCommitDiff(type: RepoType, id: string, rev: string) {
  return useQuery({
    queryKey: ["commit-diff", type, id, rev],
    queryFn: () => requestJson<CommitDiff>(`${apiPaths.repo(type, id)}/commit/${encodeURIComponent(rev)}`),
    staleTime: Infinity,
  });
}
