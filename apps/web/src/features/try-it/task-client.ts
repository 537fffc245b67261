import { readCsrfToken } from "../../lib/credentials.js";
import { GatewayError } from "./gateway-client.js";
import { errorMessage } from "./sse.js";

/** The body of a task call: JSON `{inputs, parameters}`, or an image file sent as it is. */
export type TaskPayload = { json: Record<string, unknown> } | { file: File };

/**
 * Calls the hub's task API for a model (`POST /hf-inference/models/{id}`) with the web session, as the
 * panel's snippets do with a token. Rejects with a GatewayError naming what the hub refused.
 */
export async function callTask(modelId: string, payload: TaskPayload, signal: AbortSignal): Promise<unknown> {
  const headers: Record<string, string> = {};
  const csrf = readCsrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let body: BodyInit;
  if ("file" in payload) {
    headers["Content-Type"] = payload.file.type || "application/octet-stream";
    body = payload.file;
  } else {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(payload.json);
  }
  let response: Response;
  try {
    response = await fetch(`/hf-inference/models/${modelId}`, {
      method: "POST",
      headers,
      body,
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GatewayError(0, "The hub could not be reached. Check your connection and try again.");
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed as { error?: unknown } | undefined)?.error;
    const retry = response.headers.get("Retry-After");
    throw new GatewayError(
      response.status,
      error !== undefined ? errorMessage(error) : `The hub answered ${response.status}`,
      retry && /^\d+$/.test(retry) ? Number(retry) : undefined,
    );
  }
  return parsed;
}
