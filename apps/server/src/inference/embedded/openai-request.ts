import type { ChatHistoryItem } from "node-llama-cpp";
import type { SamplingParams } from "./text-generation.js";

/** A request the embedded backend cannot take as written: a 400 with this message. */
export class BadGenerationRequest extends Error {}

export const DEFAULT_MAX_TOKENS = 256;

export type GenerationPrompt =
  { kind: "chat"; history: ChatHistoryItem[] } | { kind: "text"; prompt: string };

export interface GenerationRequest {
  /** The hub model id (the embedded backend knows models by it). */
  model: string;
  prompt: GenerationPrompt;
  sampling: SamplingParams;
  stream: boolean;
  /** `stream_options.include_usage`: a last chunk with the token counts (the gateway always asks). */
  includeUsage: boolean;
}

type Fields = Record<string, unknown>;

/** The OpenAI body of `chat/completions` or `completions`, as far as llama.cpp can honour it. */
export function parseGenerationRequest(route: string, body: unknown): GenerationRequest {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new BadGenerationRequest("the body must be a JSON object");
  const fields = body as Fields;
  if (typeof fields.model !== "string") throw new BadGenerationRequest('"model" is required');
  if (fields.n !== undefined && fields.n !== null && fields.n !== 1)
    throw new BadGenerationRequest('only "n": 1 is supported');
  const options = fields.stream_options;
  return {
    model: fields.model,
    prompt:
      route === "chat/completions"
        ? { kind: "chat", history: chatHistory(fields.messages) }
        : textPrompt(fields.prompt),
    sampling: sampling(fields),
    stream: fields.stream === true,
    includeUsage: !!options && typeof options === "object" && (options as Fields).include_usage === true,
  };
}

function sampling(fields: Fields): SamplingParams {
  const maxTokens = optionalNumber(fields, "max_completion_tokens") ?? optionalNumber(fields, "max_tokens");
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1))
    throw new BadGenerationRequest('"max_tokens" must be a whole number of at least 1');
  const temperature = optionalNumber(fields, "temperature") ?? 1;
  if (temperature < 0 || temperature > 2) throw new BadGenerationRequest('"temperature" must be from 0 to 2');
  const topP = optionalNumber(fields, "top_p") ?? 1;
  if (topP <= 0 || topP > 1) throw new BadGenerationRequest('"top_p" must be above 0 and at most 1');
  const seed = optionalNumber(fields, "seed");
  if (seed !== undefined && !Number.isSafeInteger(seed))
    throw new BadGenerationRequest('"seed" must be an integer');
  return {
    maxTokens: maxTokens ?? DEFAULT_MAX_TOKENS,
    temperature,
    topP,
    seed: seed === undefined ? undefined : seed >>> 0,
    stop: stopStrings(fields.stop),
  };
}

function optionalNumber(fields: Fields, key: string): number | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new BadGenerationRequest(`"${key}" must be a number`);
  return value;
}

function stopStrings(stop: unknown): string[] {
  if (stop === undefined || stop === null) return [];
  const list = typeof stop === "string" ? [stop] : stop;
  if (!Array.isArray(list) || list.length > 4 || !list.every((s): s is string => typeof s === "string"))
    throw new BadGenerationRequest('"stop" must be a string or a list of at most 4 strings');
  return list.filter((s) => s !== "");
}

function textPrompt(prompt: unknown): GenerationPrompt {
  if (typeof prompt === "string") return { kind: "text", prompt };
  if (Array.isArray(prompt) && prompt.length === 1 && typeof prompt[0] === "string")
    return { kind: "text", prompt: prompt[0] };
  throw new BadGenerationRequest('"prompt" must be a string (or a list of one string)');
}

/** OpenAI messages as node-llama-cpp chat history, ready for the model's own chat template. */
function chatHistory(messages: unknown): ChatHistoryItem[] {
  if (!Array.isArray(messages) || messages.length === 0)
    throw new BadGenerationRequest('"messages" must be a non-empty list');
  return messages.map((message, index): ChatHistoryItem => {
    if (!message || typeof message !== "object")
      throw new BadGenerationRequest(`messages[${index}] must be an object`);
    const { role, content } = message as Fields;
    const text = contentText(content, index);
    switch (role) {
      case "system":
      case "developer":
        return { type: "system", text };
      case "user":
        return { type: "user", text };
      case "assistant":
        return { type: "model", response: [text] };
      default:
        throw new BadGenerationRequest(
          `messages[${index}].role ${JSON.stringify(role)} is not supported here (system, developer, user, assistant)`,
        );
    }
  });
}

function contentText(content: unknown, index: number): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => {
        const fields = (part ?? {}) as Fields;
        if (fields.type === "text" && typeof fields.text === "string") return fields.text;
        throw new BadGenerationRequest(
          `messages[${index}]: only text content parts are supported by this backend`,
        );
      })
      .join("");
  }
  throw new BadGenerationRequest(`messages[${index}].content must be a string or a list of text parts`);
}
