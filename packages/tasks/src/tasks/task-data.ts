import type { PipelineType } from "../pipelines/pipeline-types.js";

/** An example repository (model, dataset or space) shown on a task page. */
export interface ExampleRepo {
  /** `owner/name` of a real public repository. */
  id: string;
  description: string;
}

export interface TaskMetric {
  id: string;
  description: string;
}

export type DemoEntry =
  | { type: "img"; filename: string }
  | { type: "text"; label: string; content: string }
  | { type: "chart"; data: { label: string; score: number }[] };

export interface TaskDemo {
  inputs: DemoEntry[];
  outputs: DemoEntry[];
}

/** A catalogue entry as authored in a task folder; `id` and `label` are filled in from the pipeline. */
export interface TaskDataCustom {
  datasets: ExampleRepo[];
  demo: TaskDemo;
  metrics: TaskMetric[];
  models: ExampleRepo[];
  spaces: ExampleRepo[];
  summary: string;
  /** Model ids the task page's inference widget offers. */
  widgetModels: string[];
  youtubeId?: string;
  /** Markdown: use cases, a short how-to with code, resources. */
  about: string;
  /** Libraries (registry keys) that serve the task. */
  libraries: string[];
  /** For tasks that share another task's page. */
  canonicalId?: PipelineType;
}

export interface TaskData extends TaskDataCustom {
  id: PipelineType;
  label: string;
  isPlaceholder?: boolean;
}
