import { DEMO_ONNX_MODELS, demoOnnxFiles, type DemoOnnxModel } from "../demo-onnx-models.js";
import type { RunnableDemoModel } from "../demo-model.js";

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

/** The first eight demo models (encoders with one head each: demo-onnx-models.ts) as registry entries. */
export const CLASSIC_DEMOS: readonly RunnableDemoModel[] = DEMO_ONNX_MODELS.map((model: DemoOnnxModel) => ({
  id: model.id,
  task: model.task,
  modelType: model.modelType,
  tags: model.tags,
  purpose: PURPOSE[model.task] ?? model.task,
  files: () => demoOnnxFiles(model),
}));
