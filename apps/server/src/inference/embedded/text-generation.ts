import { randomInt } from "node:crypto";
import type { LlamaContextSequence, LlamaGrammarEvaluationState, Token } from "node-llama-cpp";
import { grammarTokenBias } from "./grammar-token-bias.js";
import { releasableText, withoutPartialCharacter } from "./stop-text.js";
import { tokenLogprob, type TokenLogprob } from "./token-logprobs.js";

export interface SamplingParams {
  maxTokens: number;
  temperature: number;
  topP: number;
  seed?: number;
  stop: string[];
  frequencyPenalty: number;
  presencePenalty: number;
}

/** Per-generation extras: a grammar the tokens must follow, and log probabilities to report. */
export interface GenerationHooks {
  grammar?: LlamaGrammarEvaluationState;
  /** Called for every generated token with its log probability and `top` alternatives. */
  logprobs?: { top: number; collect: (entry: TokenLogprob) => void };
}

/** Tokens the frequency and presence penalties look back over. */
const PENALTY_WINDOW = 64;

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
  hooks: GenerationHooks = {},
): AsyncGenerator<string, GenerationEnd, void> {
  const model = sequence.model;
  await sequence.clearHistory();
  const room = sequence.contextSize - prompt.length;
  const maxTokens = Math.min(params.maxTokens, room);
  const generated: Token[] = [];
  let sent = 0;
  let finishReason: GenerationEnd["finishReason"] = "length";
  let stoppedByString = false;
  const penalised = params.frequencyPenalty !== 0 || params.presencePenalty !== 0;
  const grammar = hooks.grammar;
  // Under a grammar the answer ends only when the grammar is complete (llama.cpp allows an
  // end-of-generation token only then) or at max_tokens: special tokens, which a JSON string would
  // accept by their text, are never sampled, and so never end the answer early.
  const tokenBias = grammar ? await grammarTokenBias(model) : undefined;
  const detokenize = (tokens: Token[]) => model.detokenize(tokens, grammar !== undefined);
  const options = {
    temperature: params.temperature,
    topP: params.topP,
    // Without a seed llama.cpp would sample the same way every time; OpenAI's default is random.
    seed: params.seed ?? randomInt(0, 0xffffffff),
    grammarEvaluationState: grammar,
    tokenBias,
    repeatPenalty: penalised
      ? {
          punishTokens: () => generated.slice(-PENALTY_WINDOW),
          penalty: 1,
          frequencyPenalty: params.frequencyPenalty,
          presencePenalty: params.presencePenalty,
        }
      : undefined,
  };
  const logprobs = hooks.logprobs;
  const tokens = logprobs
    ? sequence.evaluateWithMetadata(prompt, { probabilities: true }, options)
    : sequence.evaluate(prompt, options);
  try {
    while (generated.length < maxTokens) {
      const next = await tokens.next();
      const token = next.done ? undefined : typeof next.value === "number" ? next.value : next.value.token;
      // An end-of-generation token ends the iteration; without a grammar, a control token (a chat
      // turn marker the template writes) would only ever start the next turn, so it ends the answer too.
      if (token === undefined || (!grammar && model.isSpecialToken(token))) {
        finishReason = "stop";
        break;
      }
      if (logprobs && typeof next.value === "object" && next.value !== null)
        logprobs.collect(tokenLogprob(model, token, next.value.probabilities, logprobs.top, generated));
      generated.push(token);
      const ready = releasableText(detokenize(generated), params.stop);
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
    // What was held back for a stop string that never came; a character whose bytes were not all
    // generated (cut by max_tokens) is dropped, never sent as U+FFFD.
    const full = withoutPartialCharacter(detokenize(generated));
    if (!stoppedByString && full.length > sent) yield full.slice(sent);
  } finally {
    await tokens.return();
  }
  return { finishReason, promptTokens: prompt.length, completionTokens: generated.length };
}
