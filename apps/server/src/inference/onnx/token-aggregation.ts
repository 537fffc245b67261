/**
 * Token classification's answer from per-token label probabilities, with the semantics of transformers'
 * token-classification pipeline (the Hub's Inference API): every position comes from the tokenizer's
 * offset mapping, never from searching the text.
 *
 * - `none`: one entry per token, `{entity, score, index, word, start, end}`.
 * - `simple`: consecutive tokens of one entity type joined (a `B-` tag starts a new group), the group
 *   scored by its tokens' mean, `{entity_group, score, word, start, end}`.
 * - `first` / `average` / `max`: tokens first joined into words (subword pieces follow their word),
 *   the word labelled by its first token, by the mean of its tokens' probabilities, or by its most
 *   confident token; then words grouped as in `simple`.
 */
import type { TokenizedText } from "./fast-tokenizer.js";

export const AGGREGATION_STRATEGIES = ["none", "simple", "first", "average", "max"] as const;
export type AggregationStrategy = (typeof AGGREGATION_STRATEGIES)[number];

/** One token with its label probabilities and where it is in the text. */
export interface ScoredToken {
  /** Position in the encoded sequence (special tokens included). */
  index: number;
  /** The token as the vocabulary spells it, or the text itself for the unknown token. */
  word: string;
  probabilities: number[];
  start: number;
  end: number;
  /** Continues the word of the token before it. */
  isSubword: boolean;
}

export interface TokenEntity {
  entity: string;
  score: number;
  index: number;
  word: string;
  start: number;
  end: number;
}

export interface EntityGroup {
  entity_group: string;
  score: number;
  word: string;
  start: number;
  end: number;
}

/** A token or a word carrying one label. */
interface Labelled {
  entity: string;
  score: number;
  word: string;
  start: number;
  end: number;
}

/** What the aggregation needs of the tokenizer. */
export interface TokenJoiner {
  /** Tokens back to text as the tokenizer's decoder joins them. */
  tokensToString(tokens: string[]): string;
}

function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/** Probabilities from logits (one row per token), in double precision. */
export function softmax(logits: ArrayLike<number>): number[] {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]);
  const exps = Array.from(logits, (value) => Math.exp(value - max));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/**
 * The tokens of an encoded text that carry a prediction (added special tokens dropped), with their
 * place in `text` and whether each continues a word. With a continuing-subword prefix (WordPiece's
 * `##`) a token is a subword when its spelling and its text differ in length; without one, when no
 * space touches its start. The unknown token stands for the text it covers.
 */
export function scoredTokens(
  text: string,
  encoding: TokenizedText,
  probabilities: number[][],
  tokenizer: { unkTokenId: number | undefined; subwordPrefix: string | undefined },
): ScoredToken[] {
  const chars = Array.from(text);
  const tokens: ScoredToken[] = [];
  for (let index = 0; index < encoding.ids.length; index++) {
    if (encoding.specialMask[index] === 1 || encoding.attentionMask[index] === 0) continue;
    const [start, end] = encoding.offsets[index];
    const covered = chars.slice(start, end).join("");
    let word = encoding.tokens[index];
    let isSubword = tokenizer.subwordPrefix
      ? Array.from(word).length !== end - start
      : start > 0 && !chars.slice(start - 1, start + 1).includes(" ");
    if (encoding.ids[index] === tokenizer.unkTokenId) {
      word = covered;
      isSubword = false;
    }
    tokens.push({ index, word, probabilities: probabilities[index], start, end, isSubword });
  }
  return tokens;
}

function labelOf(labels: readonly string[], index: number): string {
  return labels[index] ?? `LABEL_${index}`;
}

/** A word's label from its tokens, per the word-level strategy. */
function labelWord(
  tokens: ScoredToken[],
  strategy: "first" | "average" | "max",
  labels: readonly string[],
  joiner: TokenJoiner,
): Labelled {
  let probabilities: number[];
  if (strategy === "first") probabilities = tokens[0].probabilities;
  else if (strategy === "max") {
    let best = tokens[0];
    for (const token of tokens.slice(1))
      if (Math.max(...token.probabilities) > Math.max(...best.probabilities)) best = token;
    probabilities = best.probabilities;
  } else {
    probabilities = tokens[0].probabilities.map(
      (_, label) => tokens.reduce((sum, token) => sum + token.probabilities[label], 0) / tokens.length,
    );
  }
  const best = argmax(probabilities);
  return {
    entity: labelOf(labels, best),
    score: probabilities[best],
    word: joiner.tokensToString(tokens.map((token) => token.word)),
    start: tokens[0].start,
    end: tokens.at(-1)!.end,
  };
}

/** Splits a label into its B/I prefix and its type; a label without one continues (`I`). */
function tagOf(entity: string): { begins: boolean; type: string } {
  if (entity.startsWith("B-")) return { begins: true, type: entity.slice(2) };
  if (entity.startsWith("I-")) return { begins: false, type: entity.slice(2) };
  return { begins: false, type: entity };
}

/** What a group is called: its first label after the first `-` (`B-PER` → `PER`, `O` → `O`). */
function typeName(entity: string): string {
  const dash = entity.indexOf("-");
  return dash < 0 ? entity : entity.slice(dash + 1);
}

/** Neighbours of one type join unless the later one begins an entity (`B-`). */
function groupEntities(items: Labelled[], joiner: TokenJoiner): EntityGroup[] {
  const groups: Labelled[][] = [];
  for (const item of items) {
    const open = groups.at(-1);
    const { begins, type } = tagOf(item.entity);
    if (open && !begins && tagOf(open.at(-1)!.entity).type === type) open.push(item);
    else groups.push([item]);
  }
  return groups.map((members) => ({
    entity_group: typeName(members[0].entity),
    score: members.reduce((sum, member) => sum + member.score, 0) / members.length,
    word: joiner.tokensToString(members.map((member) => member.word)),
    start: members[0].start,
    end: members.at(-1)!.end,
  }));
}

/** The pipeline's answer for one text; entries labelled with an ignored label are left out. */
export function aggregateTokens(
  tokens: ScoredToken[],
  labels: readonly string[],
  strategy: AggregationStrategy,
  ignore: ReadonlySet<string>,
  joiner: TokenJoiner,
): TokenEntity[] | EntityGroup[] {
  if (strategy === "none" || strategy === "simple") {
    const entities: TokenEntity[] = tokens.map((token) => {
      const best = argmax(token.probabilities);
      return {
        entity: labelOf(labels, best),
        score: token.probabilities[best],
        index: token.index,
        word: token.word,
        start: token.start,
        end: token.end,
      };
    });
    if (strategy === "none") return entities.filter((entity) => !ignore.has(entity.entity));
    return groupEntities(entities, joiner).filter((group) => !ignore.has(group.entity_group));
  }
  const words: ScoredToken[][] = [];
  for (const token of tokens) {
    const open = words.at(-1);
    if (open && token.isSubword) open.push(token);
    else words.push([token]);
  }
  const labelled = words.map((word) => labelWord(word, strategy, labels, joiner));
  return groupEntities(labelled, joiner).filter((group) => !ignore.has(group.entity_group));
}
