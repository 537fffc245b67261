import { useMutation, useQuery } from "@tanstack/react-query";
import type { AuditCatalogueEntry, AuditPage, AuditVerifyReport } from "@modelhub/api-types";
import { buildUrl, requestJson } from "../../lib/api-client.js";

export type { AuditCatalogueEntry, AuditEvent, AuditPage, AuditVerifyReport } from "@modelhub/api-types";

/** Whose log a page shows: an organisation's, or the whole hub's (site admins). */
export type AuditScope = { org: string } | { admin: true };

const segment = (name: string) => encodeURIComponent(name);

function pagePath(scope: AuditScope): string {
  return "org" in scope ? `/api/organizations/${segment(scope.org)}/audit-log` : "/api/admin/audit-log";
}

/** The download of every event the filter matches (the browser sends the session cookie). */
export function exportUrl(scope: AuditScope, q: string, format: "json" | "csv"): string {
  const path =
    "org" in scope
      ? `/api/organizations/${segment(scope.org)}/audit-log/export`
      : "/api/admin/audit-log/export";
  return buildUrl(path, { q, format });
}

export const PAGE_SIZE = 50;

export function useAuditPage(scope: AuditScope, q: string, cursor: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ["audit-log", scope, q, cursor ?? ""],
    queryFn: () => requestJson<AuditPage>(pagePath(scope), { query: { q, cursor, limit: PAGE_SIZE } }),
    enabled,
    retry: false,
  });
}

export function useAuditCatalogue() {
  return useQuery({
    queryKey: ["audit-catalogue"],
    queryFn: () => requestJson<AuditCatalogueEntry[]>("/api/audit-log/catalogue"),
    staleTime: Infinity,
  });
}

export function useVerifyChain() {
  return useMutation({
    mutationFn: () => requestJson<AuditVerifyReport>("/api/admin/audit-log/verify"),
  });
}
