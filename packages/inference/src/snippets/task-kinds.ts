import type { LiteralValue, PipelineType } from "@modelhub/tasks";

/** The shape of snippet a task gets. */
export type SnippetKind =
  | "basic"
  | "basicAudio"
  | "basicImage"
  | "conversational"
  | "conversationalStream"
  | "textToImage"
  | "textToVideo"
  | "textToSpeech"
  | "textToAudio"
  | "imageToImage"
  | "imageToVideo"
  | "zeroShotClassification"
  | "zeroShotImageClassification"
  | "tabular"
  | "questionAnswering"
  | "tableQuestionAnswering"
  | "documentQuestionAnswering";

export const KIND_OF_PIPELINE: Partial<Record<PipelineType, SnippetKind>> = {
  "audio-classification": "basicAudio",
  "audio-to-audio": "basicAudio",
  "automatic-speech-recognition": "basicAudio",
  "image-classification": "basicImage",
  "image-segmentation": "basicImage",
  "image-to-text": "basicImage",
  "object-detection": "basicImage",
  "feature-extraction": "basic",
  "fill-mask": "basic",
  "sentence-similarity": "basic",
  summarization: "basic",
  "text-classification": "basic",
  "text-generation": "basic",
  "token-classification": "basic",
  translation: "basic",
  "document-question-answering": "documentQuestionAnswering",
  "question-answering": "questionAnswering",
  "table-question-answering": "tableQuestionAnswering",
  "image-to-image": "imageToImage",
  "image-text-to-image": "imageToImage",
  "image-to-video": "imageToVideo",
  "image-text-to-video": "imageToVideo",
  "image-text-to-text": "conversational",
  "tabular-classification": "tabular",
  "tabular-regression": "tabular",
  "text-to-audio": "textToAudio",
  "text-to-image": "textToImage",
  "text-to-speech": "textToSpeech",
  "text-to-video": "textToVideo",
  "zero-shot-classification": "zeroShotClassification",
  "zero-shot-image-classification": "zeroShotImageClassification",
};

/**
 * Tasks the router's providers do not serve but an endpoint speaking the Inference API does (a server
 * of the user's own, or a ModelHub's ONNX backend): snippets exist only when an `endpointUrl` is given.
 */
export const ENDPOINT_KIND_OF_PIPELINE: Partial<Record<PipelineType, SnippetKind>> = {
  "depth-estimation": "basicImage",
  "image-feature-extraction": "basicImage",
  "zero-shot-object-detection": "zeroShotImageClassification",
};

/** Kinds answered by one task method taking the input as is. */
export const BASIC_KINDS: ReadonlySet<SnippetKind> = new Set(["basic", "basicAudio", "basicImage"]);

/** Example candidate labels shown by the zero-shot snippets. */
export const TEXT_LABELS: LiteralValue = ["refund", "legal", "faq"];
export const IMAGE_LABELS: LiteralValue = ["cat", "dog", "llama"];
