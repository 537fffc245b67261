/**
 * The character bound checked before any tokenising. No token of a real vocabulary is anywhere near
 * this long on average over a whole context (English averages about 4 characters a token, code about 3;
 * only runs of spaces or punctuation make longer tokens), so a text over the bound cannot fit and is
 * refused at once, at the cost of reading string lengths.
 */
export const CHARS_PER_TOKEN_BOUND = 32;

/**
 * The contexts the pools make when none is configured: the model's own, capped at these (memory grows
 * with the context); embedding inputs longer than the embedding context are refused.
 */
export const DEFAULT_GENERATION_CONTEXT = 4096;
export const DEFAULT_EMBEDDING_CONTEXT = 2048;

/** Most characters of text a request may hold for a context of `contextTokens` tokens. */
export function charLimitFor(contextTokens: number): number {
  return contextTokens * CHARS_PER_TOKEN_BOUND;
}

/**
 * The characters of every string in a JSON value (object keys included), counted until `limit` is
 * passed: the text the prompt is made of (messages, prompt, tools) is all in there.
 */
export function textChars(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop();
    if (typeof item === "string") total += item.length;
    else if (Array.isArray(item)) for (const child of item) stack.push(child);
    else if (item !== null && typeof item === "object")
      for (const [key, child] of Object.entries(item)) {
        total += key.length;
        stack.push(child);
      }
  }
  return total;
}
