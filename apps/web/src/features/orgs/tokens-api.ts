import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrgTokenEntry, OrgTokenPolicy } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";
import { orgApiPaths } from "../../lib/orgs/paths.js";

const policyKey = (org: string) => ["org-token-policy", org.toLowerCase()];
const tokensKey = (org: string) => ["org-tokens", org.toLowerCase()];

export type TokenDecision = "approve" | "deny" | "revoke";

export function useOrgTokenPolicy(org: string) {
  return useQuery({
    queryKey: policyKey(org),
    queryFn: ({ signal }) =>
      requestJson<{ policy: OrgTokenPolicy }>(orgApiPaths.tokenPolicy(org), { signal }),
    retry: false,
  });
}

export function useSaveOrgTokenPolicy(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: OrgTokenPolicy) =>
      requestJson<{ policy: OrgTokenPolicy }>(orgApiPaths.tokenPolicy(org), {
        method: "PUT",
        json: { policy },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(policyKey(org), saved);
      void queryClient.invalidateQueries({ queryKey: tokensKey(org) });
    },
  });
}

export function useOrgTokens(org: string) {
  return useQuery({
    queryKey: tokensKey(org),
    queryFn: ({ signal }) => requestJson<OrgTokenEntry[]>(orgApiPaths.tokens(org), { signal }),
    retry: false,
  });
}

export function useDecideOrgToken(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: TokenDecision }) =>
      requestJson<OrgTokenEntry>(`${orgApiPaths.tokens(org)}/${encodeURIComponent(id)}/${decision}`, {
        method: "POST",
        json: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(org) }),
  });
}
