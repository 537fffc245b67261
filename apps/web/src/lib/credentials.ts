/**
 * The browser is signed in by an HttpOnly session cookie that page scripts never see. What the page
 * keeps is the session's CSRF token, in memory only: writes send it as `X-CSRF-Token`, and a reload
 * asks /api/session for it again.
 */
let csrfToken: string | undefined;

export function readCsrfToken(): string | undefined {
  return csrfToken;
}

export function storeCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Earlier versions kept a personal token here; forget it so it does not linger in the browser. */
export function forgetLegacyStoredToken(): void {
  try {
    localStorage.removeItem("modelhub-token");
    localStorage.removeItem("modelhub-session-token-id");
  } catch {
    // No storage: nothing was kept either.
  }
}
