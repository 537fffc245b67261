import { parseRequestedModel } from "../backend-registry.js";
import { MAX_MODEL_FIELD } from "../completion-request.js";
import { badRequest } from "../../domain/errors.js";

/** OpenAI's own bound on the number of inputs of one call. */
export const MAX_EMBEDDING_INPUTS = 2048;

export type EncodingFormat = "float" | "base64";

/** A `POST /v1/embeddings` body, checked. */
export interface EmbeddingsRequest {
  /** The hub model id (a `:backend` suffix is dropped: every backend that can embed is equal here). */
  model: string;
  inputs: string[];
  encoding: EncodingFormat;
  /** Asked-for vector size; honoured only when it is the model's own. */
  dimensions?: number;
}

const KNOWN_FIELDS = new Set(["model", "input", "encoding_format", "dimensions", "user"]);

/** The OpenAI embeddings body; anything this hub cannot honour is a 400 naming the field. */
export function parseEmbeddingsRequest(body: unknown): EmbeddingsRequest {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest("The body of POST /v1/embeddings must be a JSON object");
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0)
    throw badRequest(
      `Unsupported field(s) for POST /v1/embeddings: ${unknown.map((k) => `"${k}"`).join(", ")}`,
    );
  if (typeof fields.model !== "string" || fields.model.trim() === "")
    throw badRequest('"model" is required: a hub model id such as "owner/name"');
  if (fields.model.length > MAX_MODEL_FIELD)
    throw badRequest(`"model" is longer than any model id (${MAX_MODEL_FIELD} characters)`);
  return {
    model: parseRequestedModel(fields.model.trim()).hubId,
    inputs: inputsOf(fields.input),
    encoding: encodingOf(fields.encoding_format),
    dimensions: dimensionsOf(fields.dimensions),
  };
}

function inputsOf(input: unknown): string[] {
  if (input === undefined || input === null)
    throw badRequest('"input" is required: a string or a list of strings');
  const list = typeof input === "string" ? [input] : input;
  if (!Array.isArray(list)) throw badRequest('"input" must be a string or a list of strings');
  if (list.length === 0) throw badRequest('"input" must not be an empty list');
  if (list.length > MAX_EMBEDDING_INPUTS)
    throw badRequest(`"input" holds ${list.length} items; at most ${MAX_EMBEDDING_INPUTS} per call`);
  return list.map((item: unknown, index) => {
    if (typeof item === "number" || Array.isArray(item))
      throw badRequest('"input" as token ids is not supported by this hub: send the text itself');
    if (typeof item !== "string") throw badRequest(`"input"[${index}] must be a string`);
    if (item === "") throw badRequest(`"input"[${index}] is empty`);
    return item;
  });
}

function encodingOf(format: unknown): EncodingFormat {
  if (format === undefined || format === null) return "float";
  if (format === "float" || format === "base64") return format;
  throw badRequest('"encoding_format" must be "float" or "base64"');
}

function dimensionsOf(dimensions: unknown): number | undefined {
  if (dimensions === undefined || dimensions === null) return undefined;
  if (typeof dimensions !== "number" || !Number.isInteger(dimensions) || dimensions < 1)
    throw badRequest('"dimensions" must be a whole number of at least 1');
  return dimensions;
}
