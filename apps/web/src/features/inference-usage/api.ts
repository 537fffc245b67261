import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import { orgPaths } from "../orgs/paths.js";

export interface UsageTotals {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  durationMs: number;
}

export interface UsageReport extends UsageTotals {
  since: string;
  until: string;
  models: (UsageTotals & { model: string })[];
}

export interface MyUsage extends UsageReport {
  user: string;
}

export interface OrgUsage extends UsageReport {
  org: string;
  /** Only for the org's admins (and site admins). */
  users?: (UsageTotals & { user: string })[];
}

export const usagePaths = {
  mine: () => "/settings/inference",
  org: (org: string) => orgPaths.usage(org),
};

export function useMyUsage(enabled: boolean) {
  return useQuery({
    queryKey: ["inference-usage", "me"],
    queryFn: () => requestJson<MyUsage>("/api/inference/usage"),
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
