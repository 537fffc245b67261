import { badRequest } from "../domain/errors.js";

/** The two OpenAI routes the gateway forwards, relative to a backend's base URL. */
export type CompletionRoute = "chat/completions" | "completions";

/** The caller's JSON body: checked only as far as the gateway needs; the rest goes to the backend. */
export interface CompletionPayload {
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
}

export function parseCompletionPayload(body: unknown, route: CompletionRoute): CompletionPayload {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest(`The body of POST /v1/${route} must be a JSON object`);
  const fields = body as Record<string, unknown>;
  if (typeof fields.model !== "string" || fields.model.trim() === "")
    throw badRequest(
      '"model" is required: a hub model id such as "owner/name", optionally "owner/name:backend"',
    );
  if (fields.stream !== undefined && fields.stream !== null && typeof fields.stream !== "boolean")
    throw badRequest('"stream" must be true or false');
  if (route === "chat/completions" && !Array.isArray(fields.messages))
    throw badRequest('"messages" is required: a list of {"role", "content"} objects');
  if (route === "completions" && fields.prompt === undefined) throw badRequest('"prompt" is required');
  return { model: fields.model.trim(), stream: fields.stream === true, body: fields };
}

/** Whether the caller itself asked for the usage chunk at the end of a stream. */
export function callerWantsUsage(payload: CompletionPayload): boolean {
  const options = payload.body.stream_options;
  return (
    typeof options === "object" &&
    options !== null &&
    (options as Record<string, unknown>).include_usage === true
  );
}

/** The body sent on: the backend's model name, and usage asked for at the end of a stream. */
export function backendBody(payload: CompletionPayload, backendModel: string): Record<string, unknown> {
  const body: Record<string, unknown> = { ...payload.body, model: backendModel };
  if (payload.stream) {
    const options = payload.body.stream_options;
    const current = options && typeof options === "object" && !Array.isArray(options) ? options : {};
    body.stream_options = { ...current, include_usage: true };
  }
  return body;
}
