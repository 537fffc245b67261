import type { LlamaModel, Token } from "node-llama-cpp";

/** One alternative of a generated token, as OpenAI's `logprobs.content[].top_logprobs` items. */
export interface TokenAlternative {
  token: string;
  logprob: number;
  bytes: number[];
}

/** One generated token with its log probability (and the `top` likeliest alternatives). */
export interface TokenLogprob extends TokenAlternative {
  top_logprobs: TokenAlternative[];
}

/** What OpenAI sends for a probability of 0 (the log would be -Infinity, which JSON cannot carry). */
const FLOOR = -9999;

function alternative(
  model: LlamaModel,
  token: Token,
  probability: number,
  before: readonly Token[],
): TokenAlternative {
  // The tokens before it decide how it reads (a SentencePiece word start is a space only mid-text).
  const text = model.detokenize([token], false, before);
  return {
    token: text,
    logprob: probability > 0 ? Math.log(probability) : FLOOR,
    bytes: [...Buffer.from(text, "utf8")],
  };
}

/** The chosen token's entry, from llama.cpp's probabilities of the whole vocabulary for that step. */
export function tokenLogprob(
  model: LlamaModel,
  token: Token,
  probabilities: ReadonlyMap<Token, number>,
  top: number,
  before: readonly Token[],
): TokenLogprob {
  const best: [Token, number][] = [];
  if (top > 0) {
    for (const entry of probabilities) {
      if (best.length === top && entry[1] <= best[top - 1][1]) continue;
      best.push(entry);
      best.sort((a, b) => b[1] - a[1]);
      if (best.length > top) best.pop();
    }
  }
  return {
    ...alternative(model, token, probabilities.get(token) ?? 0, before),
    top_logprobs: best.map(([candidate, probability]) => alternative(model, candidate, probability, before)),
  };
}
