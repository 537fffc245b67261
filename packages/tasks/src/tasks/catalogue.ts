import { PIPELINE_DATA } from "../pipelines/pipeline-data.js";
import { PIPELINE_TYPES, type PipelineType } from "../pipelines/pipeline-types.js";
import { CATALOGUE_PART_A } from "./catalogue-part-a.js";
import { CATALOGUE_PART_B } from "./catalogue-part-b.js";
import type { TaskData, TaskDataCustom } from "./task-data.js";

const AUTHORED: Partial<Record<PipelineType, TaskDataCustom>> = { ...CATALOGUE_PART_A, ...CATALOGUE_PART_B };

/** Every pipeline's catalogue entry, or `undefined` for a pipeline that has none yet. */
export const TASKS_DATA: Record<PipelineType, TaskData | undefined> = Object.fromEntries(
  PIPELINE_TYPES.map((id) => {
    const entry = AUTHORED[id];
    return [id, entry ? { ...entry, id, label: PIPELINE_DATA[id].name } : undefined];
  }),
) as Record<PipelineType, TaskData | undefined>;
