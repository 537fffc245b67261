import { useQuery } from "@tanstack/react-query";
import type { OrgUsage, UserUsage } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";
import { orgPaths } from "../../lib/orgs/paths.js";

export const usagePaths = {
  mine: () => "/settings/inference",
  org: (org: string) => orgPaths.usage(org),
};

export function useMyUsage(enabled: boolean) {
  return useQuery({
    queryKey: ["inference-usage", "me"],
    queryFn: () => requestJson<UserUsage>("/api/inference/usage"),
    enabled,
  });
}

export function useOrgUsage(org: string, enabled: boolean) {
  return useQuery({
    queryKey: ["inference-usage", "org", org],
    queryFn: () => requestJson<OrgUsage>(`/api/organizations/${encodeURIComponent(org)}/inference/usage`),
    enabled,
    retry: false,
  });
}
