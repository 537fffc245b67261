import { requestJson } from "../../../lib/api-client.js";
import type { LoginResponse } from "../../../lib/api-types.js";

/** Username + password sign-in: the hub answers with a fresh write token for this browser. */
export function login(username: string, password: string): Promise<LoginResponse> {
  return requestJson<LoginResponse>("/api/login", { json: { username, password }, token: null });
}
