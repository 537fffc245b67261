import { readCsrfToken } from "../../../lib/credentials.js";
import { GatewayError } from "../gateway-client.js";
import { errorMessage } from "../sse.js";

/** A task call's body: JSON, or a file (audio, an image) sent as it is. */
export type FormPayload = { json: Record<string, unknown> } | { file: Blob };

/** What the hub answered: JSON, or bytes (generated audio) as a Blob. */
export type FormAnswer = { json: unknown } | { blob: Blob };

/**
 * Calls `POST /hf-inference/models/{id}` with the web session, as the panel's snippets do with a
 * token; binary answers (speech) come back as a Blob. Rejects with a GatewayError naming the refusal.
 */
export async function callTaskForm(
  modelId: string,
  payload: FormPayload,
  signal: AbortSignal,
  accept?: string,
): Promise<FormAnswer> {
  const headers: Record<string, string> = {};
  const csrf = readCsrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  if (accept) headers.Accept = accept;
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
  const type = response.headers.get("Content-Type") ?? "";
  if (response.ok && !type.includes("json")) return { blob: await response.blob() };
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
  return { json: parsed };
}

/** A Blob as base64 (for JSON bodies that carry parameters with the audio). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
