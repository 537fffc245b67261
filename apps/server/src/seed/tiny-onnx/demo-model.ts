/** A file of a demo model: path and bytes (JSON files as text). */
export interface DemoOnnxFile {
  path: string;
  content: string | Uint8Array;
}

/**
 * One runnable demo model the hub ships (random weights, generated offline, the same bytes on every
 * build). Each task family declares its models in its own module under `families/`; the registry
 * (`demo-registry.ts`) joins them, and the catalogue, the seed import and the model cards read it.
 */
export interface RunnableDemoModel {
  id: string;
  /** The pipeline tag. */
  task: string;
  /** `model_type` of its config (the catalogue's `m=` flag). */
  modelType: string;
  /** Extra card tags (`conversational` for chat models, …). */
  tags?: string[];
  /** Extra catalogue flags (`chat` marks a chat template). */
  flags?: string[];
  /** What it is shaped like, for the catalogue line: "a two-label sentiment classifier". */
  purpose: string;
  /**
   * The card's "under the hood" paragraph: the layout and the graph, in a sentence or two. The
   * classic models share one text (model-card.ts) when this is absent.
   */
  anatomy?: string;
  /** Every file in the family's transformers.js layout (README excluded). */
  files(): DemoOnnxFile[];
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
