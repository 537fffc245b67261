import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { ProviderMappingListItem, RepoInfo } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

/** Accepts both wire forms (dict on repo info, list on listings). */
export function normalizeProviderMapping(
  raw: RepoInfo["inferenceProviderMapping"],
): ProviderMappingListItem[] {
  if (!raw) return [];
  if (Array.isArray(raw)) return raw.map((entry) => ({ ...entry }));
  return Object.entries(raw).map(([provider, entry]) => ({ ...entry, provider }));
}

async function getProviderMapping(id: string): Promise<ProviderMappingListItem[]> {
  const info = await requestJson<RepoInfo>(apiPaths.repo("model", id), {
    query: { "expand[]": "inferenceProviderMapping" },
  });
  return normalizeProviderMapping(info.inferenceProviderMapping);
}

/** The providers serving a model; reuses the mapping already on the repo info when the hub sent it. */
export function useProviderMapping(info: RepoInfo) {
  const inline = info.inferenceProviderMapping;
  return useQuery({
    queryKey: ["provider-mapping", info.id],
    queryFn: () => getProviderMapping(info.id),
    enabled: inline === undefined,
    initialData: inline === undefined ? undefined : normalizeProviderMapping(inline),
  });
}
