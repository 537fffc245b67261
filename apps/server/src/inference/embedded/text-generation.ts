import { randomInt } from "node:crypto";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { releasableText } from "./stop-text.js";

export interface SamplingParams {
  maxTokens: number;
  temperature: number;
  topP: number;
  seed?: number;
  stop: string[];
}

export interface GenerationEnd {
  finishReason: "stop" | "length";
  promptTokens: number;
  completionTokens: number;
}

/**
 * Generates from `prompt` token by token, yielding text as it becomes final (stop strings and split
 * UTF-8 characters held back), and returns the counts. Pull-based: nothing is generated until the
 * consumer asks for the next piece, so a stalled reader stalls llama.cpp and `return()` stops it.
 */
export async function* generateText(
  sequence: LlamaContextSequence,
  prompt: Token[],
  params: SamplingParams,
): AsyncGenerator<string, GenerationEnd, void> {
  const model = sequence.model;
  await sequence.clearHistory();
  const room = sequence.contextSize - prompt.length;
  const maxTokens = Math.min(params.maxTokens, room);
  const generated: Token[] = [];
  let sent = 0;
  let finishReason: GenerationEnd["finishReason"] = "length";
  let stoppedByString = false;
  const tokens = sequence.evaluate(prompt, {
    temperature: params.temperature,
    topP: params.topP,
    // Without a seed llama.cpp would sample the same way every time; OpenAI's default is random.
    seed: params.seed ?? randomInt(0, 0xffffffff),
  });
  try {
    while (generated.length < maxTokens) {
      const next = await tokens.next();
      // An end-of-generation token ends the iteration; a control token (a chat turn marker the
      // template writes) would only ever start the next turn, so it ends the answer too.
      if (next.done || model.isSpecialToken(next.value)) {
        finishReason = "stop";
        break;
      }
      generated.push(next.value);
      const ready = releasableText(model.detokenize(generated), params.stop);
      if (ready.text.length > sent) {
        const piece = ready.text.slice(sent);
        sent = ready.text.length;
        yield piece;
      }
      if (ready.stopped) {
        finishReason = "stop";
        stoppedByString = true;
        break;
      }
    }
    // What was held back for a stop string that never came (or a last partial character).
    const full = model.detokenize(generated);
    if (!stoppedByString && full.length > sent) yield full.slice(sent);
  } finally {
    await tokens.return();
  }
  return { finishReason, promptTokens: prompt.length, completionTokens: generated.length };
}
