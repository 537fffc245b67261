/** Answers of the task API (`POST /hf-inference/models/{id}`) on the hub's ONNX backend, per task. */

export interface LabelScore {
  label: string;
  score: number;
}

/**
 * An entity (`aggregation_strategy` simple, first, average or max, simple by default). `start`/`end`
 * count Unicode code points of the input, as the Hub's (Python) answers do: in JavaScript slice
 * `Array.from(text)`, not the UTF-16 string.
 */
export interface EntityGroup {
  entity_group: string;
  score: number;
  word: string;
  start: number;
  end: number;
}

/** One token (`aggregation_strategy: "none"`): its label, its place in the sequence and in the text. */
export interface TokenEntity {
  entity: string;
  score: number;
  index: number;
  word: string;
  start: number;
  end: number;
}

export interface FillMaskCandidate {
  score: number;
  token: number;
  token_str: string;
  sequence: string;
}

/** An extracted answer: `answer` is exactly the context's code points `start`…`end`. */
export interface ExtractedAnswer {
  answer: string;
  score: number;
  start: number;
  end: number;
}

/** text-classification: one list per input text. */
export type TextClassificationAnswer = LabelScore[][];
/** image-classification and zero-shot-classification. */
export type LabelScoresAnswer = LabelScore[];
export type TokenClassificationAnswer = EntityGroup[];
export type FillMaskAnswer = FillMaskCandidate[];
/** feature-extraction: one vector for one text, one per text for a list. */
export type FeatureExtractionAnswer = number[] | number[][];
/** sentence-similarity: one cosine similarity per compared sentence. */
export type SentenceSimilarityAnswer = number[];
/** One answer; a list when `top_k` asks for more than one and more than one was found. */
export type QuestionAnsweringAnswer = ExtractedAnswer | ExtractedAnswer[];
