import type { AnswerExtras, OpenAiAnswer } from "./openai-response.js";
import { sseEvent } from "./openai-response.js";
import { readToolAnswer, type OutputMode } from "./output-mode.js";
import type { GenerationEnd } from "./text-generation.js";
import type { TokenLogprob } from "./token-logprobs.js";

/** What a generation given up early "returns" (nobody reads it). */
const ABANDONED: GenerationEnd = { finishReason: "stop", promptTokens: 0, completionTokens: 0 };

type Generation = AsyncGenerator<string, GenerationEnd, void>;

/** How the text becomes the reply: read as function calls (tools mode), with log probabilities. */
export interface ReplyShape {
  mode: OutputMode;
  /** Filled by the generation as tokens come when `logprobs` was asked. */
  logprobs?: TokenLogprob[];
}

/** Runs the generation to its end (or until the caller leaves); the full text and how it ended. */
async function collect(
  generation: Generation,
  signal: AbortSignal,
): Promise<{ text: string; end: GenerationEnd }> {
  let text = "";
  for (;;) {
    if (signal.aborted) {
      await generation.return(ABANDONED);
      throw signal.reason instanceof Error ? signal.reason : new Error("aborted");
    }
    const next = await generation.next();
    if (next.done) return { text, end: next.value };
    text += next.value;
  }
}

function extrasOf(text: string, reply: ReplyShape): AnswerExtras {
  return {
    read: reply.mode.kind === "tools" ? readToolAnswer(text, reply.mode) : undefined,
    logprobs: reply.logprobs,
  };
}

export async function whole(
  generation: Generation,
  answer: OpenAiAnswer,
  signal: AbortSignal,
  reply: ReplyShape,
): Promise<Response> {
  const collected = await collect(generation, signal);
  // The JSON grammar lets whitespace follow the value until the model ends; it is not part of the answer.
  const text = reply.mode.kind === "text" ? collected.text : collected.text.trimEnd();
  return Response.json(answer.whole(text, collected.end, extrasOf(text, reply)));
}

const SSE_HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" };

/**
 * A function-calling answer as a stream: the calls are known only once the JSON is complete, so it is
 * generated whole, then sent as the chunks OpenAI would send (role, the calls or the text, finish, usage).
 */
export async function bufferedStream(
  generation: Generation,
  answer: OpenAiAnswer,
  includeUsage: boolean,
  signal: AbortSignal,
  reply: ReplyShape,
): Promise<Response> {
  const { text, end } = await collect(generation, signal);
  const events: (Record<string, unknown> | "[DONE]")[] = [];
  const opening = answer.opening();
  if (opening) events.push(opening);
  events.push(...answer.wholeAsChunks(text, end, extrasOf(text, reply)));
  if (includeUsage) events.push(answer.usage(end));
  events.push("[DONE]");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(sseEvent(event));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

/** SSE pulled by the reader: one token's text per event, then finish, usage and `[DONE]`. */
export function streamed(
  generation: Generation,
  answer: OpenAiAnswer,
  includeUsage: boolean,
  signal: AbortSignal,
  reply: ReplyShape,
): Response {
  const stop = () => void generation.return(ABANDONED).catch(() => undefined);
  // After the reader left, late pieces have nowhere to go.
  const send = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    try {
      controller.enqueue(bytes);
    } catch {
      stop();
    }
  };
  // The log probabilities of the tokens generated since the last piece sent.
  const drain = () => (reply.logprobs ? reply.logprobs.splice(0) : undefined);
  signal.addEventListener("abort", stop, { once: true });
  const opening = answer.opening();
  let opened = opening === undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened && opening) {
          opened = true;
          send(controller, sseEvent(opening));
          return;
        }
        let next: IteratorResult<string, GenerationEnd>;
        try {
          next = await generation.next();
        } catch (err) {
          signal.removeEventListener("abort", stop);
          controller.error(err);
          return;
        }
        if (!next.done) {
          if (next.value !== "") send(controller, sseEvent(answer.piece(next.value, drain())));
          return;
        }
        signal.removeEventListener("abort", stop);
        send(controller, sseEvent(answer.finish(next.value)));
        if (includeUsage) send(controller, sseEvent(answer.usage(next.value)));
        send(controller, sseEvent("[DONE]"));
        try {
          controller.close();
        } catch {
          // already cancelled by the reader
        }
      },
      cancel() {
        signal.removeEventListener("abort", stop);
        stop();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
