import type { BackendSettings } from "./settings.js";
import { HttpError } from "../domain/errors.js";

/** The backend could not be reached at all; the next backend serving the model may be tried. */
export class BackendUnreachableError extends HttpError {
  constructor(backend: string, status: 502 | 503 = 502, message?: string) {
    super(status, message ?? `Inference backend "${backend}" could not be reached`);
  }
}

/**
 * An in-process backend that cannot serve at all (its engine does not load): 503, the next backend is
 * tried and the backend counts as down. Refusals of one request (queue full, a model it cannot load)
 * are plain 503 HttpErrors instead: nothing else is wrong with the backend.
 */
export class BackendUnavailableError extends BackendUnreachableError {
  constructor(backend: string, message: string) {
    super(backend, 503, message);
  }
}

export class BackendTimeoutError extends HttpError {
  constructor(backend: string, timeoutMs: number) {
    super(504, `Inference backend "${backend}" did not answer within ${timeoutMs} ms`);
  }
}

/** The caller went away before the answer was complete (recorded with status 499, never sent). */
export class ClientClosedError extends Error {
  constructor() {
    super("The client closed the connection");
  }
}

const MAX_ERROR_TEXT = 2000;

/**
 * A non-2xx answer of a backend as a Hub-shaped error: its 4xx are the caller's fault and keep their
 * status (with the backend's message), except 401/403 (the hub's key was refused); anything else is a
 * 502 naming the backend.
 */
export async function backendStatusError(
  backendSettings: Pick<BackendSettings, "name" | "apiKey">,
  response: Response,
): Promise<HttpError> {
  const backend = backendSettings.name;
  const message = withoutSecret(await backendMessage(response), backendSettings.apiKey);
  // The backend refusing the hub's own key is the admin's problem, not a bad token of the caller.
  if (response.status === 401 || response.status === 403)
    return new HttpError(
      502,
      `Inference backend "${backend}" refused the hub's credentials (HTTP ${response.status}); tell the hub's admin`,
    );
  if (response.status >= 400 && response.status < 500) {
    return new HttpError(
      response.status as HttpError["status"],
      `Inference backend "${backend}" refused the request (HTTP ${response.status})${message ? `: ${message}` : ""}`,
    );
  }
  return new HttpError(
    502,
    `Inference backend "${backend}" failed (HTTP ${response.status})${message ? `: ${message}` : ""}`,
  );
}

/** `error.message`, `error` or `message` of a JSON body, else its text; bounded. */
async function backendMessage(response: Response): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return "";
  }
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = body.error;
    if (typeof error === "string") message = error;
    else if (
      error &&
      typeof error === "object" &&
      typeof (error as { message?: unknown }).message === "string"
    )
      message = (error as { message: string }).message;
    else if (typeof body.message === "string") message = body.message;
  } catch {
    // not JSON: the text itself
  }
  return message.replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_TEXT);
}

/** A backend that echoes the hub's key in an error must not hand it to the caller. */
function withoutSecret(message: string, secret: string | undefined): string {
  return secret ? message.split(secret).join("[backend key]") : message;
}
