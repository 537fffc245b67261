import { requestJson } from "../../../lib/api-client.js";
import type { LoginResponse } from "@modelhub/api-types";

/** Username + password sign-in: the hub sets the session cookie and answers with its CSRF token. */
export function login(username: string, password: string): Promise<LoginResponse> {
  return requestJson<LoginResponse>("/api/login", { json: { username, password } });
}

/** Sign-in with a pasted write token: the hub turns it into a session; the browser keeps no token. */
export function loginWithToken(token: string): Promise<LoginResponse> {
  return requestJson<LoginResponse>("/api/login", { json: { token } });
}
