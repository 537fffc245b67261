import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../api-client.js";
import type { ProviderMappingListItem, PublicBackend } from "@modelhub/api-types";

/** A backend of this hub that serves the model, with what it serves it for. */
export interface HubServing {
  backend: string;
  status: "live" | "staging";
  task: string;
}

export function useHubBackends() {
  return useQuery({
    queryKey: ["inference-backends"],
    queryFn: () => requestJson<PublicBackend[]>("/api/inference/backends"),
    staleTime: 60_000,
  });
}

/** Whether a mapping's provider is one of this hub's backends (names compare case-insensitively). */
export function isHubBackend(provider: string, backends: readonly PublicBackend[]): boolean {
  const name = provider.toLowerCase();
  return backends.some((backend) => backend.name.toLowerCase() === name);
}

/**
 * The model's mappings that this hub's gateway serves, live ones first. A backend whose health check
 * fails is `staging` even if the mapping was published before it failed.
 */
export function hubServings(
  mappings: readonly ProviderMappingListItem[],
  backends: readonly PublicBackend[],
): HubServing[] {
  const servings: HubServing[] = [];
  for (const mapping of mappings) {
    const backend = backends.find((b) => b.name.toLowerCase() === mapping.provider.toLowerCase());
    if (!backend) continue;
    const status = mapping.status === "live" && backend.status === "live" ? "live" : "staging";
    servings.push({ backend: backend.name, status, task: mapping.task });
  }
  return [...servings.filter((s) => s.status === "live"), ...servings.filter((s) => s.status !== "live")];
}
