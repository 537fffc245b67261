import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { AccessTokenInfo, CreatedAccessToken } from "@modelhub/api-types";

const TOKENS = "/api/settings/tokens";

export function listTokens(): Promise<AccessTokenInfo[]> {
  return requestJson<AccessTokenInfo[]>(TOKENS);
}

export function createToken(displayName: string, role: "read" | "write"): Promise<CreatedAccessToken> {
  return requestJson<CreatedAccessToken>(TOKENS, { json: { displayName, role } });
}

export function revokeToken(id: string): Promise<unknown> {
  return requestJson<unknown>(`${TOKENS}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useTokens(enabled: boolean) {
  return useQuery({ queryKey: ["tokens"], queryFn: listTokens, enabled });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, role }: { name: string; role: "read" | "write" }) => createToken(name, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tokens"] }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tokens"] }),
  });
}
