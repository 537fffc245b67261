import type { RepoInfo } from "@modelhub/api-types";
import type { ProviderMappingListItem } from "@modelhub/api-types";
import type { ProviderMappingArg, SnippetOptions } from "./generator.js";

/** The provider choice that aims the snippets at the user's own OpenAI-compatible or TGI server. */
export const SELF_HOSTED = "self-hosted";

/** The provider choice that aims the snippets at this hub's own gateway (any of its backends). */
export const THIS_HUB = "this-hub";
const HUB_BACKEND_PREFIX = `${THIS_HUB}:`;

/** The choice that aims the snippets at one backend of this hub (`model: "<id>:<backend>"`). */
export function hubBackendChoice(backend: string): string {
  return `${HUB_BACKEND_PREFIX}${backend}`;
}

export function isHubChoice(provider: string | undefined): boolean {
  return provider === THIS_HUB || (provider?.startsWith(HUB_BACKEND_PREFIX) ?? false);
}

/** The backend a hub choice names; undefined for "this hub, any backend" and for other choices. */
export function hubBackendOf(provider: string): string | undefined {
  return provider.startsWith(HUB_BACKEND_PREFIX) ? provider.slice(HUB_BACKEND_PREFIX.length) : undefined;
}

/**
 * Where a hub snippet sends its request, as the hub's own snippet endpoint does: chat through the
 * gateway's `/v1`, other text generation through the router-shaped `/hf-inference/models/{id}`.
 */
export function hubEndpointUrl(origin: string, modelId: string, conversational: boolean): string {
  const hub = origin.replace(/\/+$/, "");
  return conversational ? `${hub}/v1` : `${hub}/hf-inference/models/${modelId}`;
}

/** Everything the user can change in the inference panel. */
export interface PanelState {
  /** A provider name, `auto`, or `SELF_HOSTED`; `undefined` until the user picks one. */
  provider?: string;
  language: "python" | "js" | "sh";
  client?: string;
  streaming: boolean;
  temperature: string;
  maxTokens: string;
  topP: string;
  /** `undefined` until the user edits the input: the generator then uses its own example. */
  input?: string;
  billTo: string;
  /** `undefined` until edited: the default for the model's task is used. */
  endpointUrl?: string;
}

export const INITIAL_PANEL_STATE: PanelState = {
  language: "python",
  streaming: false,
  temperature: "",
  maxTokens: "",
  topP: "",
  billTo: "",
};

/** The panel fields that are checked before they reach a snippet. */
export type CheckedField = "temperature" | "maxTokens" | "topP" | "billTo" | "endpointUrl";

/** A message per field whose text cannot go into a snippet; a field left empty is never an error. */
export type FieldErrors = Partial<Record<CheckedField, string>>;

const DECIMAL = /^[+]?(\d+(\.\d*)?|\.\d+)$/;
// Hub account names: letters, digits and single `-`, `_` or `.` between them.
const ACCOUNT_NAME = /^[A-Za-z0-9]+([-_.][A-Za-z0-9]+)*$/;
const MAX_ACCOUNT_NAME = 96;

function decimalIn(text: string, max: number): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

function positiveInteger(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function httpUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The default address of a self-hosted server: llama-server, TGI and vLLM's OpenAI route under `/v1`. */
export function defaultEndpointUrl(conversational: boolean): string {
  return conversational ? "http://localhost:8080/v1" : "http://localhost:8080";
}

/** The endpoint URL the panel uses: what the user typed, else the default for the task. */
export function endpointUrlOf(state: PanelState, conversational: boolean): string {
  return state.endpointUrl ?? defaultEndpointUrl(conversational);
}

/** The chat sampling settings as typed (the panel's and the try-it box's). */
export type SamplingFields = Pick<PanelState, "temperature" | "maxTokens" | "topP">;
export type SamplingErrors = Partial<Record<keyof SamplingFields, string>>;

/** What is wrong with each typed sampling setting; an empty field is never an error. */
export function samplingErrors(fields: SamplingFields): SamplingErrors {
  const errors: SamplingErrors = {};
  const temperature = fields.temperature.trim();
  const maxTokens = fields.maxTokens.trim();
  const topP = fields.topP.trim();
  if (temperature && decimalIn(temperature, 2) === undefined)
    errors.temperature = "Enter a number from 0 to 2, like 0.7.";
  if (maxTokens && positiveInteger(maxTokens) === undefined)
    errors.maxTokens = "Enter a whole number above 0, like 512.";
  if (topP && decimalIn(topP, 1) === undefined) errors.topP = "Enter a number from 0 to 1, like 0.9.";
  return errors;
}

/** What is wrong with each edited field, worded for the message shown beside it. */
export function validatePanel(state: PanelState, conversational: boolean): FieldErrors {
  const errors: FieldErrors = samplingErrors(state);
  const billTo = state.billTo.trim();
  if (billTo && (billTo.length > MAX_ACCOUNT_NAME || !ACCOUNT_NAME.test(billTo)))
    errors.billTo = "Enter an organisation name: letters, digits, and - _ . between them.";
  if (state.provider === SELF_HOSTED && httpUrl(endpointUrlOf(state, conversational).trim()) === undefined)
    errors.endpointUrl = "Enter the server's http:// or https:// address.";
  return errors;
}

/** The `getInferenceSnippets` options that the panel state stands for; invalid fields are left out. */
export function snippetOptionsFor(state: PanelState, conversational: boolean): SnippetOptions {
  const errors = validatePanel(state, conversational);
  const opts: SnippetOptions = {};
  const selfHosted = state.provider === SELF_HOSTED;
  if (conversational && state.streaming) opts.streaming = true;
  // Billing an organisation is a huggingface.co router feature; a self-hosted server has none.
  if (state.billTo.trim() && !errors.billTo && !selfHosted) opts.billTo = state.billTo.trim();
  if (selfHosted && !errors.endpointUrl) opts.endpointUrl = endpointUrlOf(state, conversational).trim();
  if (conversational) {
    if (state.temperature.trim() && !errors.temperature) opts.temperature = Number(state.temperature.trim());
    if (state.maxTokens.trim() && !errors.maxTokens) opts.max_tokens = Number(state.maxTokens.trim());
    if (state.topP.trim() && !errors.topP) opts.top_p = Number(state.topP.trim());
    if (state.input !== undefined) opts.messages = [{ role: "user", content: state.input }];
  } else if (state.input !== undefined) {
    opts.inputs = state.input;
  }
  return opts;
}

/**
 * The provider choices: this hub first when one of its backends serves the model (then each backend
 * when there are several), `auto` and the huggingface.co providers (live first), then the self-hosted
 * option. `mappings` are the huggingface.co ones; `hubBackends` the hub's backends serving the model.
 */
export function providerChoices(
  mappings: ProviderMappingListItem[],
  hubBackends: readonly string[] = [],
): string[] {
  const hub =
    hubBackends.length === 0
      ? []
      : [THIS_HUB, ...(hubBackends.length > 1 ? hubBackends.map(hubBackendChoice) : [])];
  if (mappings.length === 0) return [...hub, SELF_HOSTED];
  const live = mappings.filter((m) => m.status === "live").map((m) => m.provider);
  const staging = mappings.filter((m) => m.status !== "live").map((m) => m.provider);
  return [...hub, "auto", ...live, ...staging, SELF_HOSTED];
}

/** The provider in effect: the user's pick when still offered, else the first choice. */
export function activeProvider(
  state: PanelState,
  mappings: ProviderMappingListItem[],
  hubBackends: readonly string[] = [],
): string {
  const choices = providerChoices(mappings, hubBackends);
  return state.provider !== undefined && choices.includes(state.provider) ? state.provider : choices[0];
}

/**
 * The provider and mapping passed to the generator. A self-hosted server is addressed the way the
 * hf-inference client addresses a dedicated endpoint: `endpointUrl` and no provider mapping.
 */
export function generatorTarget(
  model: RepoInfo,
  provider: string,
  mappings: ProviderMappingListItem[],
): { provider: string; mapping: ProviderMappingArg | undefined } {
  if (provider === SELF_HOSTED) return { provider: "hf-inference", mapping: undefined };
  return { provider, mapping: mappingArgFor(model, provider, mappings) };
}

export function mappingArgFor(
  model: RepoInfo,
  provider: string,
  mappings: ProviderMappingListItem[],
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

/** Which token a snippet reads, and what that token is. */
export interface TokenNeed {
  variable: string;
  what: string;
}

// os.environ["X"], os.environ['X'], process.env.X, $X / ${X}
const TOKEN_VARIABLE =
  /(?:os\.environ\[["']|process\.env\.|\$\{?)(HF_TOKEN|API_TOKEN|[A-Z][A-Z0-9_]*_API_KEY)\b/;

/** The token variable a generated snippet reads, if any. */
export function tokenVariableIn(code: string): string | undefined {
  return TOKEN_VARIABLE.exec(code)?.[1];
}

/**
 * What the token of a snippet is: read from the snippet itself when it names one (a direct provider
 * call reads `<PROVIDER>_API_KEY`), else from the provider choice.
 */
export function tokenNeedFor(provider: string, code?: string): TokenNeed {
  if (isHubChoice(provider))
    return {
      variable: "HF_TOKEN",
      what: "your access token for this hub (ModelHub), not a huggingface.co token: the request goes to this hub's own gateway",
    };
  const variable =
    (code === undefined ? undefined : tokenVariableIn(code)) ??
    (provider === SELF_HOSTED ? "API_TOKEN" : "HF_TOKEN");
  if (variable === "API_TOKEN")
    return { variable, what: "the API key your own server expects (any text if it has none)" };
  if (variable === "HF_TOKEN")
    return {
      variable,
      what: "a huggingface.co access token with the “Make calls to Inference Providers” permission, not a token of this hub: the request goes to router.huggingface.co",
    };
  return { variable, what: `an API key from ${provider}’s own account, sent straight to ${provider}` };
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
