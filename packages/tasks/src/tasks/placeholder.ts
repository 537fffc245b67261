import { PIPELINE_DATA } from "../pipelines/pipeline-data.js";
import { isPipelineType, type PipelineType } from "../pipelines/pipeline-types.js";
import { TASKS_DATA } from "./catalogue.js";
import type { TaskData } from "./task-data.js";

/** The stand-in page for a pipeline that has no catalogue entry yet: same shape, empty lists. */
export function placeholderTaskData(id: PipelineType): TaskData {
  const label = PIPELINE_DATA[id].name;
  return {
    id,
    label,
    isPlaceholder: true,
    summary:
      `${label} does not have a task page yet. Models and datasets tagged "${id}" are still listed ` +
      "and searchable; a description, examples and metrics will appear here once the page is written.",
    about: "",
    datasets: [],
    models: [],
    spaces: [],
    metrics: [],
    demo: { inputs: [], outputs: [] },
    widgetModels: [],
    libraries: [],
  };
}

/**
 * What a task page shows: the catalogue entry when there is one, else a placeholder
 * (`isPlaceholder: true`). For an id that is not a pipeline at all, undefined.
 */
export function getTaskPageData(id: PipelineType): TaskData;
export function getTaskPageData(id: string): TaskData | undefined;
export function getTaskPageData(id: string): TaskData | undefined {
  if (!isPipelineType(id)) return undefined;
  return TASKS_DATA[id] ?? placeholderTaskData(id);
}
