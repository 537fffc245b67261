import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";

export type SessionState = { signedIn: false } | { signedIn: true; user: string; csrfToken: string };

/** Whether this browser has a live session cookie, and its CSRF token. */
export function currentSession(): Promise<SessionState> {
  return requestJson<SessionState>("/api/session");
}

/** Ends the session on the hub (the cookie stops working everywhere). */
export function logout(): Promise<unknown> {
  return requestJson<unknown>("/api/logout", { method: "POST" });
}

/** One browser sign-in of the user, as `GET /api/settings/sessions` lists it. */
export interface WebSessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** The session of this browser. */
  current: boolean;
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
