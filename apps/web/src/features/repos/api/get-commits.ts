import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { requestPage } from "../../../lib/api-client.js";
import type { CommitEntry, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

export function getCommits(type: RepoType, id: string, revision: string, cursorUrl?: string) {
  if (cursorUrl) {
    const next = new URL(cursorUrl, window.location.origin);
    return requestPage<CommitEntry>(next.pathname + next.search);
  }
  return requestPage<CommitEntry>(apiPaths.commits(type, id, revision), { query: { limit: 30 } });
}

export function useCommits(type: RepoType, id: string, revision: string, cursorUrl?: string) {
  return useQuery({
    queryKey: ["commits", type, id, revision, cursorUrl ?? ""],
    queryFn: () => getCommits(type, id, revision, cursorUrl),
    placeholderData: keepPreviousData,
  });
}
