import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedScimToken, OrgSsoSettings, ScimTokenInfo } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";
import { orgApiPaths } from "../../lib/orgs/paths.js";

const settingsKey = (org: string) => ["org-sso", org.toLowerCase()];
const tokensKey = (org: string) => ["org-scim-tokens", org.toLowerCase()];

export function useOrgSso(org: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(org),
    queryFn: ({ signal }) => requestJson<OrgSsoSettings>(orgApiPaths.sso(org), { signal }),
    enabled,
    retry: false,
  });
}

export function useSaveOrgSso(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Pick<OrgSsoSettings, "require2fa" | "groupsAttribute" | "mappings">) =>
      requestJson<OrgSsoSettings>(orgApiPaths.sso(org), { method: "PUT", json: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(org), saved),
  });
}

export function useScimTokens(org: string, enabled: boolean) {
  return useQuery({
    queryKey: tokensKey(org),
    queryFn: ({ signal }) => requestJson<ScimTokenInfo[]>(orgApiPaths.scimTokens(org), { signal }),
    enabled,
    retry: false,
  });
}

export function useScimTokenChanges(org: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensKey(org) });
  return {
    create: useMutation({
      mutationFn: (displayName: string) =>
        requestJson<CreatedScimToken>(orgApiPaths.scimTokens(org), { json: { displayName } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        requestJson<unknown>(`${orgApiPaths.scimTokens(org)}/${encodeURIComponent(id)}`, {
          method: "DELETE",
        }),
      onSuccess: refresh,
    }),
  };
}
