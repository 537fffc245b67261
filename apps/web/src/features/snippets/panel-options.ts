import type { RepoInfo } from "../../lib/api-types.js";
import type { ProviderMapping } from "../repos/api/get-provider-mapping.js";
import type { ProviderMappingArg, SnippetOptions } from "./generator.js";

/** Everything the user can change in the inference panel. */
export interface PanelState {
  provider: string;
  language: "python" | "js" | "sh";
  client?: string;
  streaming: boolean;
  temperature: string;
  maxTokens: string;
  topP: string;
  /** `undefined` until the user edits the input: the generator then uses its own example. */
  input?: string;
  billTo: string;
}

export const INITIAL_PANEL_STATE: PanelState = {
  provider: "auto",
  language: "python",
  streaming: false,
  temperature: "",
  maxTokens: "",
  topP: "",
  billTo: "",
};

function parseNumber(text: string, integer: boolean): number | undefined {
  if (text.trim() === "") return undefined;
  const value = integer ? Number.parseInt(text, 10) : Number.parseFloat(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The `getInferenceSnippets` options that the panel state stands for. */
export function snippetOptionsFor(state: PanelState, conversational: boolean): SnippetOptions {
  const opts: SnippetOptions = {};
  if (conversational && state.streaming) opts.streaming = true;
  if (state.billTo.trim()) opts.billTo = state.billTo.trim();
  if (conversational) {
    const temperature = parseNumber(state.temperature, false);
    const maxTokens = parseNumber(state.maxTokens, true);
    const topP = parseNumber(state.topP, false);
    if (temperature !== undefined) opts.temperature = temperature;
    if (maxTokens !== undefined) opts.max_tokens = maxTokens;
    if (topP !== undefined) opts.top_p = topP;
    if (state.input !== undefined) opts.messages = [{ role: "user", content: state.input }];
  } else if (state.input !== undefined) {
    opts.inputs = state.input;
  }
  return opts;
}

export function mappingArgFor(
  model: RepoInfo,
  provider: string,
  mappings: ProviderMapping[],
): ProviderMappingArg | undefined {
  // For "auto" the hub's own snippet endpoint passes the first live mapping; the panel does the same.
  const entry =
    provider === "auto"
      ? (mappings.find((m) => m.status === "live") ?? mappings[0])
      : mappings.find((m) => m.provider === provider);
  if (!entry) return undefined;
  return {
    provider: entry.provider,
    hfModelId: model.id,
    providerId: entry.providerId,
    status: entry.status,
    task: entry.task,
    ...(entry.adapter ? { adapter: entry.adapter } : {}),
    ...(entry.adapterWeightsPath ? { adapterWeightsPath: entry.adapterWeightsPath } : {}),
  };
}

export const LANGUAGE_TABS = [
  { value: "python", label: "Python" },
  { value: "js", label: "JavaScript" },
  { value: "sh", label: "cURL" },
] as const;

export const HIGHLIGHT_LANGUAGE: Record<PanelState["language"], string> = {
  python: "python",
  js: "javascript",
  sh: "bash",
};

const CLIENT_LABELS: Record<string, string> = {
  huggingface_hub: "huggingface_hub",
  requests: "requests",
  openai: "openai",
  fal_client: "fal_client",
  "huggingface.js": "huggingface.js",
  fetch: "fetch",
  curl: "curl",
};

export function clientLabel(client: string): string {
  return CLIENT_LABELS[client] ?? client;
}
