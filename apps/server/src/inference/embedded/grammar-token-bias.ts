import type { LlamaModel, Token, TokenBias } from "node-llama-cpp";

/** Vocabulary entries checked between two turns of the event loop while listing a model's special tokens. */
const SLICE = 2048;

const cache = new WeakMap<LlamaModel, Promise<TokenBias>>();

/** The model's control tokens other than end-of-generation ones, listed in slices. */
async function specialTokens(model: LlamaModel): Promise<Token[]> {
  const found: Token[] = [];
  let checked = 0;
  for (const token of model.iterateAllTokens()) {
    if (model.isSpecialToken(token) && !model.isEogToken(token)) found.push(token);
    if (++checked % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return found;
}

/**
 * A bias that keeps sampling under a grammar away from the model's special tokens (`<unk>`,
 * `<|im_start|>`, …). llama.cpp's grammar checks a token by its text, so a JSON string would accept
 * them, and they are not text the answer can carry. End-of-generation tokens stay: the grammar itself
 * allows them only once it is complete. Built once per loaded model.
 */
export function grammarTokenBias(model: LlamaModel): Promise<TokenBias> {
  let bias = cache.get(model);
  if (!bias) {
    bias = (async () => {
      const { TokenBias: Bias } = await import("node-llama-cpp");
      return Bias.for(model).set(await specialTokens(model), "never");
    })();
    cache.set(model, bias);
  }
  return bias;
}
