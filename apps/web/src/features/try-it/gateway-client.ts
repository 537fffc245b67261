import { readCsrfToken } from "../../lib/credentials.js";
import { errorMessage, readCompletionStream } from "./sse.js";

export type GatewayRoute = "chat/completions" | "completions";

/** A refused or failed gateway call, as the box shows it. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait, from `Retry-After` (a 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

async function errorOf(response: Response): Promise<GatewayError> {
  let message = response.headers.get("X-Error-Message") ?? "";
  try {
    const body = (await response.json()) as { error?: unknown };
    if (body && typeof body === "object" && body.error !== undefined) message = errorMessage(body.error);
  } catch {
    // Not JSON: keep the header's message.
  }
  return new GatewayError(
    response.status,
    message || `The hub answered ${response.status} ${response.statusText}`.trim(),
    retryAfterOf(response),
  );
}

/**
 * Calls the hub's own gateway with the web session (cookie + CSRF header, as every write of the app)
 * and streams the answer's text into `onText`. Rejects with a GatewayError, a StreamError (the backend
 * failed mid-answer), or an AbortError when `signal` aborts.
 */
export async function streamFromGateway(
  route: GatewayRoute,
  body: Record<string, unknown>,
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<void> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  const csrf = readCsrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let response: Response;
  try {
    response = await fetch(`/v1/${route}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...body, stream: true }),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GatewayError(0, "The hub could not be reached. Check your connection and try again.");
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new GatewayError(response.status, "The hub sent an empty answer.");
  await readCompletionStream(response.body, onText);
}

/** The line the box shows for a failed call. */
export function describeFailure(error: unknown): string {
  if (error instanceof GatewayError) {
    if (error.status === 429) {
      // The gateway's message usually says when already; add the wait only when it does not.
      const says = /\b(retry|try again)\b/i.test(error.message);
      const wait = error.retryAfter === undefined || says ? "" : ` Try again in ${error.retryAfter} s.`;
      return `${error.message}${wait}`;
    }
    if (error.status === 401) return "Your session has ended: sign in again to try this model.";
    return error.status ? `${error.message} (HTTP ${error.status})` : error.message;
  }
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
