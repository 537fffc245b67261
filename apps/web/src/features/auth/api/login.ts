import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client.js";
import type { LoginResponse, SignInProviders } from "@modelhub/api-types";

/**
 * Username + password sign-in (a local or company directory password): the hub sets the session
 * cookie and answers with its CSRF token. Accounts with 2FA send the authenticator `code` too.
 */
export function login(username: string, password: string, code?: string): Promise<LoginResponse> {
  return requestJson<LoginResponse>("/api/login", {
    json: code ? { username, password, code } : { username, password },
  });
}

/** Sign-in with a pasted write token: the hub turns it into a session; the browser keeps no token. */
export function loginWithToken(token: string): Promise<LoginResponse> {
  return requestJson<LoginResponse>("/api/login", { json: { token } });
}

/** The sign-in methods the hub offers (company sign-in buttons, passwords on or off). */
export function useSignInProviders() {
  return useQuery({
    queryKey: ["sign-in-providers"],
    queryFn: ({ signal }) => requestJson<SignInProviders>("/api/auth/providers", { signal }),
    staleTime: 5 * 60_000,
  });
}
