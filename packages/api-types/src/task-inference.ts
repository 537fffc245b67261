/** Answers of the task API (`POST /hf-inference/models/{id}`) on the hub's ONNX backend, per task. */

export interface LabelScore {
  label: string;
  score: number;
}

export interface EntityGroup {
  entity_group: string;
  score: number;
  word: string;
  start: number | null;
  end: number | null;
}

export interface FillMaskCandidate {
  score: number;
  token: number;
  token_str: string;
  sequence: string;
}

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
export type QuestionAnsweringAnswer = ExtractedAnswer;
