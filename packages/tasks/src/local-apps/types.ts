import type { ModelData } from "../model/model-data.js";
import type { PipelineType } from "../pipelines/pipeline-types.js";

/** One step of running a model in a local app: shell code to paste, with a short heading. */
export interface LocalAppSnippet {
  title: string;
  /** What to run once beforehand (install the app, fetch the weights); shell. */
  setup?: string;
  /** The command(s) that run the model; shell. */
  content: string;
}

export interface LocalAppOptions {
  /** The public address of the hub the model lives on, e.g. `http://127.0.0.1:8080`. */
  hubUrl: string;
  /** For GGUF repos: the chosen file (the first shard of a split file); the default quant otherwise. */
  file?: string;
}

/**
 * Where an app gets the weights from:
 * - `hub`: the app downloads from the hub by repo id and honours an endpoint variable, so the
 *   snippet points it at this hub;
 * - `file`: the app can only pull from its own registry or huggingface.co, so the snippet downloads
 *   the file from this hub first and hands the app the local copy.
 */
export type LocalAppSource = "hub" | "file";

export interface LocalApp {
  prettyLabel: string;
  docsUrl: string;
  /** The task the app is mostly used for (all current apps run LLMs). */
  mainTask: PipelineType;
  source: LocalAppSource;
  /** Whether the app can run this model, from the model record alone. */
  displayOnModelPage: (model: ModelData) => boolean;
  /** Ready-to-paste shell steps; every piece of record text is a quoted shell literal. */
  snippet: (model: ModelData, options: LocalAppOptions) => LocalAppSnippet[];
}
