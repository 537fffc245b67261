import type { ModelData } from "../model/model-data.js";
import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { ModelInputValue } from "./input-value.js";

/** Builds the example input of one task for one model (reading its widget data where useful). */
export type InputBuilder = (model: ModelData) => ModelInputValue;

export type InputBuilders = Partial<Record<PipelineType, InputBuilder>>;
