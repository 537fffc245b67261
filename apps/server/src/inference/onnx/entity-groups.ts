/** A token as transformers.js's token-classification pipeline reports it. */
export interface TaggedToken {
  entity: string;
  score: number;
  word: string;
}

/** A group of tokens as the Inference API answers with `aggregation_strategy: "simple"`. */
export interface EntityGroup {
  entity_group: string;
  score: number;
  word: string;
  start: number | null;
  end: number | null;
}

function typeOf(entity: string): { type: string; begins: boolean } {
  const match = /^([BI])-(.+)$/.exec(entity);
  return match ? { type: match[2], begins: match[1] === "B" } : { type: entity, begins: false };
}

/**
 * Merges consecutive tokens of one entity type (a `B-` tag starts a new group, `##` pieces join the
 * previous word), scores a group by its tokens' mean, and finds each group's characters in the text by
 * searching forward from the previous group (tokens are lower-cased by some tokenizers, so case-blind).
 */
export function groupEntities(text: string, tokens: TaggedToken[], ignore: Set<string>): EntityGroup[] {
  const groups: { type: string; scores: number[]; word: string }[] = [];
  let previousType: string | undefined;
  for (const token of tokens) {
    const { type, begins } = typeOf(token.entity);
    const piece = token.word.startsWith("##") ? token.word.slice(2) : token.word;
    const last = groups.at(-1);
    // A `##` piece always belongs to the word before it, whatever its own tag says.
    const continues =
      token.word.startsWith("##") || (!begins && type === previousType && last?.type === type);
    if (last && continues) {
      last.scores.push(token.score);
      last.word += token.word.startsWith("##") ? piece : ` ${piece}`;
    } else {
      groups.push({ type, scores: [token.score], word: piece });
    }
    previousType = type;
  }
  const lower = text.toLowerCase();
  let cursor = 0;
  const answer: EntityGroup[] = [];
  for (const group of groups) {
    const at = lower.indexOf(group.word.toLowerCase(), cursor);
    const start = at >= 0 ? at : null;
    const end = at >= 0 ? at + group.word.length : null;
    if (end !== null) cursor = end;
    if (ignore.has(group.type)) continue;
    const score = group.scores.reduce((sum, s) => sum + s, 0) / group.scores.length;
    answer.push({ entity_group: group.type, score, word: group.word, start, end });
  }
  return answer;
}
