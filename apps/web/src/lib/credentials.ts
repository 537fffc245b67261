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
