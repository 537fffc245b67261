import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";

export interface BackendCheck {
  checkedAt: string;
  ok: boolean;
  latencyMs: number;
  error?: string;
  source: "check" | "gateway";
}

export interface AdminBackend {
  name: string;
  kind: string;
  status: "live" | "staging";
  lastCheck: BackendCheck | null;
  models: string[];
  usage24h: {
    requests: number;
    failed: number;
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
  };
}

export interface AdminInference {
  health: { intervalMs: number; timeoutMs: number; failuresBeforeStaging: number };
  backends: AdminBackend[];
}

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
