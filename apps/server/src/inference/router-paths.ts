import { parseRequestedModel } from "./backend-registry.js";
import { badRequest } from "../domain/errors.js";

/** A JSON object body, or a 400 naming the route. */
export function objectBody(body: unknown, route: string): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest(`The body of POST ${route} must be a JSON object`);
  return body as Record<string, unknown>;
}

/**
 * The model a per-model route calls: the id in its path. A body `model` naming the same id with a
 * backend (`owner/name:backend`) keeps the backend; any other body `model` is replaced by the path's.
 */
export function modelOfPath(pathId: string, bodyModel: unknown): string {
  if (typeof bodyModel === "string") {
    const requested = parseRequestedModel(bodyModel.trim());
    if (requested.backendName && requested.hubId.toLowerCase() === pathId.toLowerCase())
      return bodyModel.trim();
  }
  return pathId;
}

/** The model a per-backend route calls: the body's hub id, pinned to that backend. */
export function modelPinnedTo(backendName: string, bodyModel: unknown): string {
  if (typeof bodyModel !== "string" || bodyModel.trim() === "")
    throw badRequest('"model" is required: a hub model id such as "owner/name"');
  return `${parseRequestedModel(bodyModel.trim()).hubId}:${backendName}`;
}

export interface TextGenerationCall {
  /** The OpenAI completions body that stands for it. */
  completion: Record<string, unknown>;
  /** `parameters.return_full_text`: the answer repeats the prompt. */
  returnFullText: boolean;
  prompt: string;
}

const number = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/**
 * The text-generation task body of the Inference API (`{"inputs", "parameters"}`, what
 * `InferenceClient.text_generation` and huggingface.js `textGeneration` send) as a completions call.
 */
export function textGenerationCall(model: string, body: Record<string, unknown>): TextGenerationCall {
  if (typeof body.inputs !== "string") throw badRequest('"inputs" is required: the text to continue');
  if (body.stream === true)
    throw badRequest('Streaming is not offered on this route: use POST /v1/completions with "stream": true');
  const raw = body.parameters ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw badRequest('"parameters" must be a JSON object');
  const parameters = raw as Record<string, unknown>;
  const completion: Record<string, unknown> = { model, prompt: body.inputs };
  const settings: [string, unknown][] = [
    ["max_tokens", number(parameters.max_new_tokens)],
    ["temperature", number(parameters.temperature)],
    ["top_p", number(parameters.top_p)],
    ["seed", number(parameters.seed)],
    ["stop", Array.isArray(parameters.stop) ? parameters.stop : undefined],
  ];
  for (const [key, value] of settings) if (value !== undefined) completion[key] = value;
  return { completion, returnFullText: parameters.return_full_text === true, prompt: body.inputs };
}
