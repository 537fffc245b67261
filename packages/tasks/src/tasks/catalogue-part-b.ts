import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { TaskDataCustom } from "./task-data.js";

/** Catalogue entries for computer-vision and multimodal tasks (one folder per task). */
export const CATALOGUE_PART_B: Partial<Record<PipelineType, TaskDataCustom>> = {};
