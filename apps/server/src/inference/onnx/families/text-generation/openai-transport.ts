import { badRequest } from "../../../../domain/errors.js";
import { OpenAiAnswer, sseEvent } from "../../../embedded/openai-response.js";
import type { GenerationEnd } from "../../../embedded/text-generation.js";
import type { BackendRequestInit, BackendTransport } from "../../../settings.js";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";

/** Runs one generation job on the model (the ONNX backend, bound to the model and the caller). */
export type RunGeneration = (
  job: FamilyJob,
  signal: AbortSignal,
  onChunk?: (chunk: unknown) => void,
) => Promise<JobResult>;
import {
  TEXT_GENERATION_FAMILY,
  type ChatMessage,
  type GeneratedText,
  type GenerationInput,
  type TokenChunk,
} from "./job.js";
import { MAX_NEW_TOKENS, stopList } from "./requests.js";
import { SEQ2SEQ_FAMILY, type Seq2SeqInput } from "../seq2seq/job.js";

/** Tokens generated when the caller gives no `max_tokens` (as the llama.cpp backend). */
const DEFAULT_MAX_TOKENS = 256;
const SHARED = [
  "model",
  "stream",
  "stream_options",
  "n",
  "max_tokens",
  "temperature",
  "top_p",
  "seed",
  "stop",
  "user",
];
const CHAT_FIELDS = new Set([...SHARED, "messages", "max_completion_tokens"]);
const TEXT_FIELDS = new Set([...SHARED, "prompt"]);
/** Fields accepted at their neutral value only (what clients send by default). */
const NEUTRAL: Record<string, unknown> = { frequency_penalty: 0, presence_penalty: 0, logprobs: false };

type Fields = Record<string, unknown>;

function number(fields: Fields, key: string, low: number, high: number, integer = false): number | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (
    typeof value !== "number" ||
    !Number.isFinite(value) ||
    value < low ||
    value > high ||
    (integer && !Number.isInteger(value))
  )
    throw badRequest(`"${key}" must be a ${integer ? "whole number" : "number"} from ${low} to ${high}`);
  return value;
}

function contentText(content: unknown, index: number): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (Array.isArray(content))
    return content
      .map((part: unknown) => {
        const fields = (part ?? {}) as Fields;
        if (fields.type === "text" && typeof fields.text === "string") return fields.text;
        throw badRequest(`messages[${index}]: only text content parts are supported by the ONNX backend`);
      })
      .join("");
  throw badRequest(`messages[${index}].content must be a string or a list of text parts`);
}

function messages(value: unknown): ChatMessage[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('"messages" must be a non-empty list');
  return value.map((message: unknown, index) => {
    const { role, content } = (message ?? {}) as Fields;
    if (role !== "system" && role !== "developer" && role !== "user" && role !== "assistant")
      throw badRequest(
        `messages[${index}].role ${JSON.stringify(role)} is not supported by the ONNX backend (system, developer, user, assistant)`,
      );
    return { role: role === "developer" ? "system" : role, content: contentText(content, index) };
  });
}

function prompt(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === "string") return value[0];
  throw badRequest('"prompt" must be a string (or a list of one string)');
}

/** The OpenAI body of `chat/completions` or `completions` as a generation job (400 for what it cannot honour). */
export function openAiGeneration(
  route: string,
  body: unknown,
): { input: GenerationInput; stream: boolean; usage: boolean } {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest("the body must be a JSON object");
  const fields = body as Fields;
  const chat = route === "chat/completions";
  const known = chat ? CHAT_FIELDS : TEXT_FIELDS;
  const unsupported = Object.keys(fields).filter(
    (key) =>
      !known.has(key) && fields[key] !== null && fields[key] !== undefined && NEUTRAL[key] !== fields[key],
  );
  if (unsupported.length > 0)
    throw badRequest(
      `Unsupported field(s) on this backend (ONNX): ${unsupported.map((key) => `"${key}"`).join(", ")}`,
    );
  if (fields.n !== undefined && fields.n !== null && fields.n !== 1)
    throw badRequest('only "n": 1 is supported');
  const maxTokens =
    number(fields, "max_completion_tokens", 1, MAX_NEW_TOKENS, true) ??
    number(fields, "max_tokens", 1, MAX_NEW_TOKENS, true) ??
    DEFAULT_MAX_TOKENS;
  const temperature = number(fields, "temperature", 0, 2) ?? 1;
  const topP = number(fields, "top_p", 0, 1);
  const seed = number(fields, "seed", 0, Number.MAX_SAFE_INTEGER, true);
  const sample = temperature > 0;
  const input: GenerationInput = {
    prompts: chat ? [messages(fields.messages)] : [prompt(fields.prompt)],
    chat,
    single: true,
    options: {
      max_new_tokens: maxTokens,
      do_sample: sample,
      return_full_text: false,
      ...(sample ? { temperature } : {}),
      ...(sample && topP !== undefined && topP < 1 ? { top_p: topP } : {}),
    },
    seed,
    stop: stopList(fields.stop, '"stop"'),
  };
  const options = fields.stream_options;
  const usage = !!options && typeof options === "object" && (options as Fields).include_usage === true;
  return { input, stream: fields.stream === true, usage };
}

function endOf(result: JobResult): GenerationEnd {
  const [text] = result.output as GeneratedText[];
  return {
    finishReason: text.finish === "length" ? "length" : "stop",
    promptTokens: result.promptTokens,
    completionTokens: result.completionTokens ?? 0,
  };
}

const SSE_HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" };

/**
 * An OpenAI-compatible server for one ONNX text-generation model, inside the hub (the gateway's
 * in-process transport): chat through the model's chat template, completions on the raw prompt, JSON
 * or SSE. The stream opens with the first generated token; the caller leaving stops the generation.
 */
export function onnxOpenAiTransport(
  modelId: string,
  run: RunGeneration,
  kind: "decoder" | "seq2seq" = "decoder",
): BackendTransport {
  return async (path: string, init: BackendRequestInit): Promise<Response> => {
    const { input, stream, usage } = openAiGeneration(path, init.json);
    const answer = new OpenAiAnswer(path === "chat/completions", modelId);
    if (kind === "seq2seq") return seq2seqAnswer(input, stream, usage, answer, run, init.signal);
    const job = { family: TEXT_GENERATION_FAMILY, task: "text-generation", input, stream };
    if (!stream) {
      const result = await run(job, init.signal);
      const [text] = result.output as GeneratedText[];
      return Response.json(answer.whole(text.text, endOf(result)));
    }
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const early: Uint8Array[] = [];
    const send = (bytes: Uint8Array) => {
      if (!controller) return void early.push(bytes);
      try {
        controller.enqueue(bytes);
      } catch {
        // the reader left
      }
    };
    let opened = false;
    let started: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (started = resolve));
    const onChunk = (chunk: unknown) => {
      const token = chunk as TokenChunk;
      if (!opened) {
        opened = true;
        const opening = answer.opening();
        if (opening) send(sseEvent(opening));
      }
      if (token.text !== "") send(sseEvent(answer.piece(token.text)));
      started();
    };
    let failure: { err: unknown } | undefined;
    const work = run(job, init.signal, onChunk).catch((err: unknown) => {
      failure = { err };
      throw err;
    });
    // Refusals before the first token (a full queue, no chat template) keep their status.
    await Promise.race([first, work.catch(() => undefined)]);
    if (failure && early.length === 0) throw failure.err;
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
        for (const bytes of early.splice(0)) streamController.enqueue(bytes);
        work.then(
          (result) => {
            if (!opened) {
              const opening = answer.opening();
              if (opening) send(sseEvent(opening));
            }
            const end = endOf(result);
            send(sseEvent(answer.finish(end)));
            if (usage) send(sseEvent(answer.usage(end)));
            send(sseEvent("[DONE]"));
            closeQuietly(streamController);
          },
          (err: unknown) => {
            send(sseEvent({ error: err instanceof Error ? err.message : String(err) }));
            closeQuietly(streamController);
          },
        );
      },
    });
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  };
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // already cancelled by the reader
  }
}

/**
 * An encoder-decoder text model (T5, BART) behind `/v1/completions`: the prompt is its input text, the
 * answer its output, whole (streamed as one piece: the pipeline has no token stream to offer).
 */
async function seq2seqAnswer(
  input: GenerationInput,
  stream: boolean,
  usage: boolean,
  answer: OpenAiAnswer,
  run: RunGeneration,
  signal: AbortSignal,
): Promise<Response> {
  if (input.chat)
    throw badRequest("This model has no chat template (it is an encoder-decoder model): use /v1/completions");
  if (input.stop.length > 0) throw badRequest('"stop" is not offered for encoder-decoder models on this hub');
  const { return_full_text: _full, ...options } = input.options;
  const job = {
    family: SEQ2SEQ_FAMILY,
    task: "text2text-generation",
    input: {
      texts: input.prompts as string[],
      single: true,
      options,
      seed: input.seed,
    } satisfies Seq2SeqInput,
  };
  const result = await run(job, signal);
  const [text] = result.output as string[];
  const completion = result.completionTokens ?? 0;
  const end: GenerationEnd = {
    finishReason: completion >= (options.max_new_tokens ?? Infinity) ? "length" : "stop",
    promptTokens: result.promptTokens,
    completionTokens: completion,
  };
  if (!stream) return Response.json(answer.whole(text, end));
  const events = [answer.piece(text), answer.finish(end), ...(usage ? [answer.usage(end)] : [])];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(sseEvent(event));
      controller.enqueue(sseEvent("[DONE]"));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
