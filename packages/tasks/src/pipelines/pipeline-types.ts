import { PIPELINE_DATA } from "./pipeline-data.js";

export type PipelineType = keyof typeof PIPELINE_DATA;

export const PIPELINE_TYPES = Object.keys(PIPELINE_DATA) as PipelineType[];

export const PIPELINE_TYPES_SET: ReadonlySet<string> = new Set(PIPELINE_TYPES);

export function isPipelineType(value: unknown): value is PipelineType {
  return typeof value === "string" && PIPELINE_TYPES_SET.has(value);
}

/** Sub-task ids across all pipelines, for tag parsing. */
export const SUBTASK_TYPES: string[] = Object.values(PIPELINE_DATA).flatMap((info) =>
  "subtasks" in info ? info.subtasks.map((s) => s.type) : [],
);
