/** The task catalogue (`GET /api/tasks`, `GET /api/tasks/{task}`), CONTRACT `TaskData`. */

export interface ExampleRepoRef {
  id: string;
  description: string;
  /** On `GET /api/tasks/{task}`: whether the viewer can open the repo on this hub (others live on huggingface.co only). */
  onHub?: boolean;
}

export interface TaskMetric {
  id: string;
  description: string;
}

export type DemoEntry =
  | { type: "img"; filename: string }
  | { type: "text"; label: string; content: string }
  | { type: "chart"; data: { label: string; score: number }[] };

/** One catalogue entry; `GET /api/tasks` answers an object keyed by task id. */
export interface TaskEntry {
  id: string;
  label: string;
  summary: string;
  libraries: string[];
  datasets: ExampleRepoRef[];
  models: ExampleRepoRef[];
  spaces: ExampleRepoRef[];
  metrics: TaskMetric[];
  demo: { inputs: DemoEntry[]; outputs: DemoEntry[] };
  /** Model ids the task page's inference widget offers. */
  widgetModels: string[];
  youtubeId?: string;
  /** Markdown. */
  about: string;
  /** For tasks that share another task's page. */
  canonicalId?: string;
  isPlaceholder?: boolean;
}
