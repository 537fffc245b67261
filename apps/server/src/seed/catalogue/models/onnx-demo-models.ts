import { DEMO_ONNX_MODELS } from "../../tiny-onnx/demo-onnx-models.js";
import { ONNX_RUNNABLE_FLAG } from "../../tiny-onnx/runnable-flag.js";

const PURPOSE: Record<string, string> = {
  "text-classification": "a two-label sentiment classifier",
  "token-classification": "a named-entity tagger (PER, ORG, LOC, MISC)",
  "fill-mask": "a masked-word predictor",
  "feature-extraction": "a 32-dimensional text embedder",
  "sentence-similarity": "a sentence embedder scored by cosine similarity",
  "zero-shot-classification": "an NLI model for zero-shot labels",
  "question-answering": "an extractive question-answering reader",
  "image-classification": "a five-label image classifier",
};

/** The hub's own runnable ONNX demo models, as catalogue lines (see model-row.ts). */
export const ONNX_DEMO_MODELS: string[] = DEMO_ONNX_MODELS.map(
  (model) =>
    `${model.id} | ${model.task} | transformers.js | apache-2.0 | en | - | m=${model.modelType} onnx ${ONNX_RUNNABLE_FLAG}${
      model.tags ? ` tags=${model.tags.join(",")}` : ""
    } | Shaped like ${PURPOSE[model.task]}, with random weights that this hub runs itself: its outputs are meaningless.`,
);
