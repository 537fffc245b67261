import type { ChatHistoryItem } from "node-llama-cpp";
import { BadGenerationRequest } from "./generation-request-error.js";
import { outputModeOf, toolInstructions, type OutputMode } from "./output-mode.js";
import type { SamplingParams } from "./text-generation.js";

export { BadGenerationRequest };

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
  /** Free text, JSON, JSON matching a schema, or a function call: enforced by a grammar. */
  output: OutputMode;
  /** `logprobs` asked (chat): how many alternatives per token (`top_logprobs`). */
  logprobs?: { top: number };
}

/** Fields this backend honours; any other non-null field is a 400 naming it. */
const SHARED_FIELDS = [
  "model",
  "stream",
  "stream_options",
  "n",
  "max_tokens",
  "temperature",
  "top_p",
  "seed",
  "stop",
  "frequency_penalty",
  "presence_penalty",
  "user",
];
const CHAT_FIELDS = new Set([
  ...SHARED_FIELDS,
  "messages",
  "max_completion_tokens",
  "response_format",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "logprobs",
  "top_logprobs",
]);
const TEXT_FIELDS = new Set([...SHARED_FIELDS, "prompt"]);

/** Most alternatives per token OpenAI offers. */
const MAX_TOP_LOGPROBS = 20;

type Fields = Record<string, unknown>;

/** The OpenAI body of `chat/completions` or `completions`, as far as llama.cpp can honour it. */
export function parseGenerationRequest(route: string, body: unknown): GenerationRequest {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new BadGenerationRequest("the body must be a JSON object");
  const fields = body as Fields;
  if (typeof fields.model !== "string") throw new BadGenerationRequest('"model" is required');
  if (fields.n !== undefined && fields.n !== null && fields.n !== 1)
    throw new BadGenerationRequest('only "n": 1 is supported');
  const chat = route === "chat/completions";
  const known = chat ? CHAT_FIELDS : TEXT_FIELDS;
  const unsupported = Object.keys(fields).filter((key) => !known.has(key) && fields[key] !== null);
  if (unsupported.length > 0)
    throw new BadGenerationRequest(
      `Unsupported field(s) on this backend (llama.cpp): ${unsupported.map((key) => `"${key}"`).join(", ")}`,
    );
  const options = fields.stream_options;
  const output = outputModeOf(fields, chat);
  const history = chat ? chatHistory(fields.messages) : [];
  if (output.kind === "tools") withSystemText(history, toolInstructions(output));
  return {
    model: fields.model,
    prompt: chat ? { kind: "chat", history } : textPrompt(fields.prompt),
    sampling: sampling(fields),
    stream: fields.stream === true,
    includeUsage: !!options && typeof options === "object" && (options as Fields).include_usage === true,
    output,
    logprobs: chat ? logprobsOf(fields) : undefined,
  };
}

function logprobsOf(fields: Fields): { top: number } | undefined {
  const top = optionalNumber(fields, "top_logprobs");
  if (top !== undefined && (!Number.isInteger(top) || top < 0 || top > MAX_TOP_LOGPROBS))
    throw new BadGenerationRequest(`"top_logprobs" must be a whole number from 0 to ${MAX_TOP_LOGPROBS}`);
  if (fields.logprobs !== undefined && fields.logprobs !== null && typeof fields.logprobs !== "boolean")
    throw new BadGenerationRequest('"logprobs" must be true or false');
  if (fields.logprobs !== true) {
    if (top !== undefined) throw new BadGenerationRequest('"top_logprobs" needs "logprobs": true');
    return undefined;
  }
  return { top: top ?? 0 };
}

/** Adds text to the first system turn (one is made when there is none: some templates allow only one). */
function withSystemText(history: ChatHistoryItem[], text: string): void {
  const first = history[0];
  if (first?.type === "system") history[0] = { type: "system", text: `${first.text}\n\n${text}` };
  else history.unshift({ type: "system", text });
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
  const penalty = (key: string) => {
    const value = optionalNumber(fields, key) ?? 0;
    if (value < -2 || value > 2) throw new BadGenerationRequest(`"${key}" must be from -2 to 2`);
    return value;
  };
  return {
    maxTokens: maxTokens ?? DEFAULT_MAX_TOKENS,
    temperature,
    topP,
    seed: seed === undefined ? undefined : seed >>> 0,
    stop: stopStrings(fields.stop),
    frequencyPenalty: penalty("frequency_penalty"),
    presencePenalty: penalty("presence_penalty"),
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
      case "tool": {
        const id = (message as Fields).tool_call_id;
        return {
          type: "user",
          text: `Result of function call${typeof id === "string" ? ` ${id}` : ""}: ${text}`,
        };
      }
      case "system":
      case "developer":
        return { type: "system", text };
      case "user":
        return { type: "user", text };
      case "assistant":
        return { type: "model", response: [text + toolCallsText((message as Fields).tool_calls, index)] };
      default:
        throw new BadGenerationRequest(
          `messages[${index}].role ${JSON.stringify(role)} is not supported here (system, developer, user, assistant, tool)`,
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

/** An earlier assistant turn's function calls, written as the answer format the model is asked for. */
function toolCallsText(calls: unknown, index: number): string {
  if (calls === undefined || calls === null) return "";
  if (!Array.isArray(calls)) throw new BadGenerationRequest(`messages[${index}].tool_calls must be a list`);
  return calls
    .map((call: unknown) => {
      const fn = ((call ?? {}) as Fields).function as Fields | undefined;
      if (!fn || typeof fn.name !== "string")
        throw new BadGenerationRequest(`messages[${index}].tool_calls items need function.name`);
      let args: unknown = {};
      try {
        args = typeof fn.arguments === "string" ? JSON.parse(fn.arguments) : (fn.arguments ?? {});
      } catch {
        throw new BadGenerationRequest(`messages[${index}].tool_calls: function.arguments must be JSON text`);
      }
      return JSON.stringify({ tool_call: { name: fn.name, arguments: args } });
    })
    .join("\n");
}
