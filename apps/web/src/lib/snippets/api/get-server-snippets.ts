import { useQuery } from "@tanstack/react-query";
import type { SnippetSet } from "@modelhub/api-types";
import { requestJson } from "../../api-client.js";
import { apiPaths } from "../../../config/paths.js";

/** Reads `/api/models/{id}/snippets`: inference snippets for the provider, library snippets, the hub's URL. */
export function getServerSnippets(id: string, provider: string, streaming: boolean): Promise<SnippetSet> {
  return requestJson<SnippetSet>(apiPaths.snippets(id), { query: { provider, streaming } });
}

export function useServerSnippets(id: string, provider: string, streaming: boolean, enabled = true) {
  return useQuery({
    queryKey: ["server-snippets", id, provider, streaming],
    queryFn: () => getServerSnippets(id, provider, streaming),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
