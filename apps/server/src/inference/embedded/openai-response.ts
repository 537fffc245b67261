import { randomBytes } from "node:crypto";
import type { ReadAnswer } from "./output-mode.js";
import type { GenerationEnd } from "./text-generation.js";
import type { TokenLogprob } from "./token-logprobs.js";

/** What a chat answer carries besides its text: function calls and per-token log probabilities. */
export interface AnswerExtras {
  read?: ReadAnswer;
  /** Set when `logprobs` was asked: the entries of the tokens this message (or chunk) holds. */
  logprobs?: TokenLogprob[];
}

/** Builds the OpenAI-shaped JSON of one answer, whole or as stream chunks. */
export class OpenAiAnswer {
  private readonly id: string;
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(
    private readonly chat: boolean,
    private readonly model: string,
  ) {
    this.id = `${chat ? "chatcmpl" : "cmpl"}-${randomBytes(12).toString("hex")}`;
  }

  private head(chunk: boolean) {
    const object = this.chat ? (chunk ? "chat.completion.chunk" : "chat.completion") : "text_completion";
    return { id: this.id, object, created: this.created, model: this.model };
  }

  whole(text: string, end: GenerationEnd, extras: AnswerExtras = {}): Record<string, unknown> {
    const calls = extras.read?.toolCalls ?? [];
    const choice = this.chat
      ? {
          index: 0,
          message: {
            role: "assistant",
            content: extras.read ? extras.read.content : text,
            ...(calls.length > 0 ? { tool_calls: this.toolCalls(calls) } : {}),
          },
          logprobs: logprobsOf(extras.logprobs),
          finish_reason: calls.length > 0 ? "tool_calls" : end.finishReason,
        }
      : { index: 0, text, logprobs: null, finish_reason: end.finishReason };
    return { ...this.head(false), choices: [choice], usage: usageOf(end) };
  }

  /** A whole chat answer as stream chunks after the opening one: its content or calls, then the finish. */
  wholeAsChunks(text: string, end: GenerationEnd, extras: AnswerExtras): Record<string, unknown>[] {
    const message = this.whole(text, end, extras) as {
      choices: { message: { content: string | null; tool_calls?: unknown[] }; finish_reason: string }[];
    };
    const { content, tool_calls: calls } = message.choices[0].message;
    const delta = calls
      ? { tool_calls: calls.map((call, index) => ({ index, ...(call as object) })) }
      : { content: content ?? "" };
    return [
      {
        ...this.head(true),
        choices: [{ index: 0, delta, logprobs: logprobsOf(extras.logprobs), finish_reason: null }],
      },
      {
        ...this.head(true),
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: message.choices[0].finish_reason }],
      },
    ];
  }

  private toolCalls(calls: NonNullable<AnswerExtras["read"]>["toolCalls"]) {
    return calls.map((call) => ({
      id: `call_${randomBytes(12).toString("hex")}`,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
  }

  /** The first chunk of a chat stream names the role. */
  opening(): Record<string, unknown> | undefined {
    if (!this.chat) return undefined;
    return {
      ...this.head(true),
      choices: [{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }],
    };
  }

  piece(text: string, logprobs?: TokenLogprob[]): Record<string, unknown> {
    const choice = this.chat
      ? { index: 0, delta: { content: text }, logprobs: logprobsOf(logprobs), finish_reason: null }
      : { index: 0, text, logprobs: null, finish_reason: null };
    return { ...this.head(true), choices: [choice] };
  }

  finish(end: GenerationEnd): Record<string, unknown> {
    const choice = this.chat
      ? { index: 0, delta: {}, logprobs: null, finish_reason: end.finishReason }
      : { index: 0, text: "", logprobs: null, finish_reason: end.finishReason };
    return { ...this.head(true), choices: [choice] };
  }

  /** As OpenAI sends it with `stream_options.include_usage`: empty `choices`, then the counts. */
  usage(end: GenerationEnd): Record<string, unknown> {
    return { ...this.head(true), choices: [], usage: usageOf(end) };
  }
}

function logprobsOf(entries: TokenLogprob[] | undefined) {
  return entries ? { content: entries, refusal: null } : null;
}

function usageOf(end: GenerationEnd) {
  return {
    prompt_tokens: end.promptTokens,
    completion_tokens: end.completionTokens,
    total_tokens: end.promptTokens + end.completionTokens,
  };
}

const encoder = new TextEncoder();

export function sseEvent(data: Record<string, unknown> | "[DONE]"): Uint8Array {
  return encoder.encode(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
}
