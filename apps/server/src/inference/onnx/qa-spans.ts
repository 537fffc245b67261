/**
 * Extractive question answering's answer from the model's start/end logits, with the semantics of
 * transformers' question-answering pipeline (the Hub's Inference API): per window of the context,
 * probabilities over the context tokens (and the first token, which some models use for "no answer"),
 * each span scored start × end, at most `maxAnswerLen` tokens long; the span becomes characters through
 * the tokenizer's offsets (widened to whole words with `alignToWords`), and the answer is exactly that
 * substring of the context. Answers with the same text (any case) add their scores. Spans are made of
 * context tokens only (transformers also lists zero-probability spans on [CLS] when asked for many).
 */
import type { TokenizedText } from "./fast-tokenizer.js";

export interface QaOptions {
  topK: number;
  maxAnswerLen: number;
  handleImpossibleAnswer: boolean;
  alignToWords: boolean;
}

export interface QaAnswer {
  score: number;
  start: number;
  end: number;
  answer: string;
}

/** One window the model read, with its logits. */
export interface QaWindow {
  encoding: TokenizedText;
  startLogits: ArrayLike<number>;
  endLogits: ArrayLike<number>;
}

interface Span {
  start: number;
  end: number;
  score: number;
}

/** Softmax over the allowed positions only (the others get probability 0). */
function maskedSoftmax(logits: ArrayLike<number>, allowed: boolean[]): number[] {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (allowed[i]) max = Math.max(max, logits[i]);
  const exps = Array.from(logits, (value, i) => (allowed[i] ? Math.exp(value - max) : 0));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => (sum > 0 ? value / sum : 0));
}

/** The `count` best spans (start ≤ end < start + maxLength, both allowed), best first. */
function bestSpans(
  starts: number[],
  ends: number[],
  allowed: boolean[],
  maxLength: number,
  count: number,
): Span[] {
  const best: Span[] = [];
  for (let s = 0; s < starts.length; s++) {
    if (!allowed[s]) continue;
    const last = Math.min(ends.length - 1, s + maxLength - 1);
    for (let e = s; e <= last; e++) {
      if (!allowed[e]) continue;
      const score = starts[s] * ends[e];
      if (best.length === count && score <= best[count - 1].score) continue;
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at--;
      best.splice(at, 0, { start: s, end: e, score });
      if (best.length > count) best.pop();
    }
  }
  return best;
}

/** Code-point range of word `word` of sequence `sequence` within one window. */
function wordChars(encoding: TokenizedText, sequence: number, word: number): [number, number] | undefined {
  let range: [number, number] | undefined;
  for (let i = 0; i < encoding.ids.length; i++) {
    if (encoding.sequenceIds[i] !== sequence || encoding.wordIds[i] !== word) continue;
    const [start, end] = encoding.offsets[i];
    range = range ? [range[0], end] : [start, end];
  }
  return range;
}

function charRange(
  encoding: TokenizedText,
  span: Span,
  sequence: number,
  alignToWords: boolean,
): [number, number] {
  const fromOffsets: [number, number] = [encoding.offsets[span.start][0], encoding.offsets[span.end][1]];
  if (!alignToWords) return fromOffsets;
  const first = encoding.wordIds[span.start];
  const last = encoding.wordIds[span.end];
  const startWord = first === null ? undefined : wordChars(encoding, sequence, first);
  const endWord = last === null ? undefined : wordChars(encoding, sequence, last);
  return startWord && endWord ? [startWord[0], endWord[1]] : fromOffsets;
}

/**
 * The answers, best first, at most `topK`. `contextSequence` is the input index of the context in the
 * encodings (1 when the question goes first); `clsTokenId` stays a candidate as in transformers.
 */
export function answersFromWindows(
  context: string,
  windows: QaWindow[],
  contextSequence: number,
  clsTokenId: number | undefined,
  options: QaOptions,
): QaAnswer[] {
  const chars = Array.from(context);
  // Aligning to words can turn several spans into one answer: look further than topK.
  const perWindow = options.alignToWords ? options.topK * 2 + 10 : options.topK;
  let nullScore = 1_000_000;
  const answers: QaAnswer[] = [];
  for (const { encoding, startLogits, endLogits } of windows) {
    const inContext = encoding.ids.map(
      (_, i) => encoding.attentionMask[i] === 1 && encoding.sequenceIds[i] === contextSequence,
    );
    // The first token ([CLS]) takes part in the softmax: its share is the "no answer" score.
    const normalised = inContext.map((yes, i) => yes || encoding.ids[i] === clsTokenId);
    const starts = maskedSoftmax(startLogits, normalised);
    const ends = maskedSoftmax(endLogits, normalised);
    if (options.handleImpossibleAnswer) nullScore = Math.min(nullScore, starts[0] * ends[0]);
    for (const span of bestSpans(starts, ends, inContext, options.maxAnswerLen, perWindow)) {
      const [start, end] = charRange(encoding, span, contextSequence, options.alignToWords);
      const text = chars.slice(start, end).join("");
      const same = answers.find((answer) => answer.answer.toLowerCase() === text.toLowerCase());
      if (same) same.score += span.score;
      else answers.push({ score: span.score, start, end, answer: text });
    }
  }
  if (options.handleImpossibleAnswer) answers.push({ score: nullScore, start: 0, end: 0, answer: "" });
  return answers.sort((a, b) => b.score - a.score).slice(0, options.topK);
}
