import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { TaskDataCustom } from "./task-data.js";

/** Catalogue entries for NLP, audio, tabular, RL and graph tasks (one folder per task). */
export const CATALOGUE_PART_A: Partial<Record<PipelineType, TaskDataCustom>> = {};
