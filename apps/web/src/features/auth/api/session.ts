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
