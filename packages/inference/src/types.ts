import type { ChatMessage, PipelineType } from "@modelhub/tasks";

/** A task a provider can serve: every pipeline type plus chat completion. */
export type InferenceTask = PipelineType | "conversational";

/** Which provider serves a model on the Hub, and under which id (`providerId`). */
export interface InferenceProviderMapping {
  provider: string;
  hfModelId: string;
  providerId: string;
  status: "live" | "staging" | (string & {});
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

/** Options of `getInferenceSnippets`. */
export interface SnippetOptions {
  /** Written literally into the snippets instead of reading a token from the environment. */
  accessToken?: string;
  /** Call the provider's own API with a provider key instead of going through the router. */
  directRequest?: boolean;
  /** Your own server (Inference Endpoint or OpenAI-compatible), with any provider: replaces the routed URL. */
  endpointUrl?: string;
  /** Replaces the task's example input. */
  inputs?: unknown;
  /** Chat snippets: stream tokens as they arrive. */
  streaming?: boolean;
  /** Organisation billed for the request (`X-HF-Bill-To`). */
  billTo?: string;
  /** Chat snippets: replaces the example conversation. */
  messages?: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  /** Base URL of the hub that serves LoRA weights (default https://huggingface.co). */
  hubUrl?: string;
  /**
   * The environment variable the snippets read the token from, instead of the default (`HF_TOKEN`,
   * `API_TOKEN` with `endpointUrl`, `<PROVIDER>_API_KEY` for direct calls). A ModelHub aims its own
   * gateway's snippets at `HF_TOKEN`, its own token. Names that are not `[A-Za-z_][A-Za-z0-9_]*` are ignored.
   */
  tokenVariable?: string;
}

export type SnippetLanguage = "python" | "js" | "sh";

export interface InferenceSnippet {
  language: SnippetLanguage;
  client: string;
  content: string;
}
