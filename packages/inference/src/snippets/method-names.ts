import type { PipelineType } from "@modelhub/tasks";

/**
 * Both hub clients name their per-task methods after the task id: huggingface_hub in snake_case,
 * huggingface.js in camelCase. Only the set of tasks each client covers needs listing.
 */
const PYTHON_CLIENT_TASKS: readonly PipelineType[] = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-image",
  "image-text-to-video",
  "image-to-image",
  "image-to-text",
  "image-to-video",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "text-generation",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
];

const JS_CLIENT_TASKS: readonly PipelineType[] = [
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-to-text",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "text-classification",
  "text-generation",
  "text-to-speech",
  "token-classification",
  "translation",
  "zero-shot-image-classification",
];

const snakeCase = (task: string): string => task.replaceAll("-", "_");
const camelCase = (task: string): string =>
  task.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function methodTable(tasks: readonly PipelineType[], name: (task: string) => string) {
  return Object.fromEntries(tasks.map((task) => [task, name(task)])) as Partial<Record<PipelineType, string>>;
}

/** huggingface_hub InferenceClient method per task. */
export const PYTHON_METHODS = methodTable(PYTHON_CLIENT_TASKS, snakeCase);

/** @huggingface/inference InferenceClient method per task, for the tasks its snippets cover. */
export const JS_METHODS = methodTable(JS_CLIENT_TASKS, camelCase);
