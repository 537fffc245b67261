import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionState, WebSessionInfo } from "@modelhub/api-types";
import { requestJson } from "../../api-client.js";

/** Whether this browser has a live session cookie, and its CSRF token. */
export function currentSession(): Promise<SessionState> {
  return requestJson<SessionState>("/api/session");
}

/**
 * Ends the session on the hub (the cookie stops working everywhere). After a company sign-in the hub
 * may answer the identity provider's sign-out address (RP-initiated logout), for the page to visit.
 */
export function logout(): Promise<{ signedOut: boolean; idpLogoutUrl?: string }> {
  return requestJson<{ signedOut: boolean; idpLogoutUrl?: string }>("/api/logout", { method: "POST" });
}

const SESSIONS = "/api/settings/sessions";

export function useWebSessions() {
  return useQuery({ queryKey: ["web-sessions"], queryFn: () => requestJson<WebSessionInfo[]>(SESSIONS) });
}

export function useRevokeWebSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<unknown>(`${SESSIONS}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["web-sessions"] }),
  });
}
