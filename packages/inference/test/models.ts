import type { ModelData } from "@modelhub/tasks";
import type { InferenceProviderMapping, SnippetOptions } from "../src/index.js";
import {
  MATRIX_MODELS,
  MATRIX_OPTION_SETS,
  mappingFor as matrixMapping,
} from "../bench/reference-matrix.mjs";

/** One model per task the snippet generator knows, plus the chat variants (the bench runs the same). */
export const MODELS = MATRIX_MODELS as ModelData[];

/** The option sets every (task, provider) pair is rendered with. */
export const OPTION_SETS = MATRIX_OPTION_SETS as Record<string, SnippetOptions>;

export function mappingFor(modelData: ModelData, provider: string, task: string): InferenceProviderMapping {
  return matrixMapping(modelData, provider, task);
}
