import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminBackend, AdminInference } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";

const KEY = ["admin-inference"];
const segment = encodeURIComponent;

export const adminInferencePath = "/admin/inference";

export function useAdminInference(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: () => requestJson<AdminInference>("/api/admin/inference"),
    enabled,
    retry: false,
    refetchInterval: 15_000,
  });
}

export function useCheckBackend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      requestJson<AdminBackend>(`/api/admin/inference/backends/${segment(name)}/check`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
