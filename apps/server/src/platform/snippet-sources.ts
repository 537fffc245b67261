import * as inference from "@modelhub/inference";
import * as tasks from "@modelhub/tasks";
import type { ModelData } from "@modelhub/tasks";

/**
 * The one adapter onto the snippet generators of the two packages. Looked up by name so the server keeps
 * building while those packages grow; a missing generator yields no snippets instead of an error.
 */
export interface InferenceSnippet {
  language: string;
  client: string;
  content: string;
}

export interface ProviderMappingArg {
  provider: string;
  hfModelId: string;
  providerId: string;
  status: "live" | "staging";
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

export interface InferenceOptions {
  streaming?: boolean;
  accessToken?: string;
  endpointUrl?: string;
  tokenVariable?: string;
}

type InferenceFn = (
  model: ModelData,
  provider: string,
  mapping?: ProviderMappingArg,
  opts?: InferenceOptions,
) => unknown;

interface LibraryEntry {
  prettyLabel?: string;
  snippets?: (model: ModelData) => string[];
}

function member(mod: object, name: string): unknown {
  return (mod as Record<string, unknown>)[name];
}

export function inferenceSnippets(
  model: ModelData,
  provider: string,
  mapping?: ProviderMappingArg,
  opts?: InferenceOptions,
): InferenceSnippet[] {
  const fn = member(inference, "getInferenceSnippets");
  if (typeof fn !== "function") return [];
  const result = (fn as InferenceFn)(model, provider, mapping, opts);
  return Array.isArray(result) ? result.filter(isSnippet) : [];
}

function isSnippet(value: unknown): value is InferenceSnippet {
  const v = value as Partial<InferenceSnippet> | null;
  return typeof v?.language === "string" && typeof v.client === "string" && typeof v.content === "string";
}

/**
 * The model's library snippets. With `hubUrl` (a hub other than huggingface.co) they download from that
 * hub: Python sets HF_ENDPOINT first, shell exports it, llama.cpp gets MODEL_ENDPOINT and the default quant.
 */
export function librarySnippets(
  model: ModelData,
  hubUrl?: string,
): { library: string; label: string; snippets: string[] } | undefined {
  const libraries = member(tasks, "MODEL_LIBRARIES_UI_ELEMENTS") as Record<string, LibraryEntry> | undefined;
  if (!model.library_name || !libraries) return undefined;
  const entry = libraries[model.library_name];
  if (!entry?.snippets) return undefined;
  const forHub = member(tasks, "librarySnippetsFor");
  const snippets =
    typeof forHub === "function"
      ? (forHub as LibrarySnippetsFor)(model, model.library_name, hubUrl).map((snippet) => snippet.content)
      : entry.snippets(model);
  return { library: model.library_name, label: entry.prettyLabel ?? model.library_name, snippets };
}

type LibrarySnippetsFor = (model: ModelData, library?: string, hubUrl?: string) => { content: string }[];

export function knownProviders(): readonly string[] {
  const list = member(inference, "INFERENCE_PROVIDERS");
  return Array.isArray(list) ? (list as string[]) : [];
}
