import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NamespaceStorage } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";

const segment = (name: string) => encodeURIComponent(name);

export const storagePaths = {
  mine: () => "/settings/storage",
  org: (org: string) => `/organizations/${segment(org)}/settings/storage`,
  admin: () => "/admin/quotas",
};

/** A user's or organization's storage, quota and repository limit (the owner, members, site admins). */
export function useNamespaceStorage(kind: "user" | "org", name: string, enabled: boolean) {
  return useQuery({
    queryKey: ["storage", kind, name],
    queryFn: () =>
      requestJson<NamespaceStorage>(
        `/api/${kind === "org" ? "organizations" : "users"}/${segment(name)}/storage`,
      ),
    enabled: enabled && name !== "",
    retry: false,
  });
}

/** Site admins: one namespace's quota (`GET /api/admin/quotas/{name}`). */
export function useAdminQuota(name: string) {
  return useQuery({
    queryKey: ["admin-quota", name],
    queryFn: () => requestJson<NamespaceStorage>(`/api/admin/quotas/${segment(name)}`),
    enabled: name !== "",
    retry: false,
  });
}

/** Site admins: everyone with a limit set (`GET /api/admin/quotas`). */
export function useAdminQuotas(enabled: boolean) {
  return useQuery({
    queryKey: ["admin-quotas"],
    queryFn: () => requestJson<{ quotas: NamespaceStorage[] }>("/api/admin/quotas"),
    enabled,
    retry: false,
  });
}

export function useSetQuota(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { storage?: string; repos?: string }) =>
      requestJson<NamespaceStorage>(`/api/admin/quotas/${segment(name)}`, { method: "PUT", json: change }),
    onSuccess: (answer) => {
      queryClient.setQueryData(["admin-quota", name], answer);
      void queryClient.invalidateQueries({ queryKey: ["admin-quotas"] });
    },
  });
}
