import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";

const BASE = "/api/settings/2fa";
const STATUS_KEY = ["two-factor"];

export function useTwoFactor() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => requestJson<TwoFactorStatus>(BASE, { signal }),
  });
}

/** Set-up, turning on and off, new recovery codes; each refreshes the status and the session. */
export function useTwoFactorChanges() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
      // an org's 2FA requirement may stop blocking this session
      queryClient.invalidateQueries({ queryKey: ["session"] }),
    ]);
  return {
    setup: useMutation({
      mutationFn: () => requestJson<TwoFactorSetup>(`${BASE}/setup`, { method: "POST", json: {} }),
    }),
    enable: useMutation({
      mutationFn: (code: string) => requestJson<RecoveryCodes>(`${BASE}/enable`, { json: { code } }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (code: string) => requestJson<TwoFactorStatus>(`${BASE}/disable`, { json: { code } }),
      onSuccess: refresh,
    }),
    renew: useMutation({
      mutationFn: (code: string) => requestJson<RecoveryCodes>(`${BASE}/recovery-codes`, { json: { code } }),
      onSuccess: refresh,
    }),
  };
}
