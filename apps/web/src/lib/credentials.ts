/** Where the signed-in user's access token lives in this browser. */
const STORAGE_KEY = "modelhub-token";

export function readStoredToken(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeToken(token: string | undefined): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEY, token);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the session simply does not persist.
  }
}

const SESSION_TOKEN_ID_KEY = "modelhub-session-token-id";

/** Id of the token a password sign-in created, so signing out can revoke it. */
export function readSessionTokenId(): string | undefined {
  try {
    return localStorage.getItem(SESSION_TOKEN_ID_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeSessionTokenId(id: string | undefined): void {
  try {
    if (id) localStorage.setItem(SESSION_TOKEN_ID_KEY, id);
    else localStorage.removeItem(SESSION_TOKEN_ID_KEY);
  } catch {
    // Without storage the token simply stays valid until revoked on the tokens page.
  }
}
