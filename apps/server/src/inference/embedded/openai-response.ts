import { randomBytes } from "node:crypto";
import type { GenerationEnd } from "./text-generation.js";

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

  whole(text: string, end: GenerationEnd): Record<string, unknown> {
    const choice = this.chat
      ? {
          index: 0,
          message: { role: "assistant", content: text },
          logprobs: null,
          finish_reason: end.finishReason,
        }
      : { index: 0, text, logprobs: null, finish_reason: end.finishReason };
    return { ...this.head(false), choices: [choice], usage: usageOf(end) };
  }

  /** The first chunk of a chat stream names the role. */
  opening(): Record<string, unknown> | undefined {
    if (!this.chat) return undefined;
    return {
      ...this.head(true),
      choices: [{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }],
    };
  }

  piece(text: string): Record<string, unknown> {
    const choice = this.chat
      ? { index: 0, delta: { content: text }, logprobs: null, finish_reason: null }
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
