import * as inference from "@modelhub/inference";
import * as tasks from "@modelhub/tasks";
import type { InferenceSnippet, RepoInfo } from "../../lib/api-types.js";

/** Options of `getInferenceSnippets` (CONTRACT). */
export interface SnippetOptions {
  accessToken?: string;
  directRequest?: boolean;
  endpointUrl?: string;
  inputs?: unknown;
  streaming?: boolean;
  billTo?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
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

type GetInferenceSnippets = (
  model: RepoInfo,
  provider: string,
  providerMapping?: ProviderMappingArg,
  opts?: SnippetOptions,
) => InferenceSnippet[];

interface LibraryEntry {
  prettyLabel: string;
  repoName?: string;
  repoUrl?: string;
  docsUrl?: string;
  snippets?: (model: RepoInfo) => string[];
}

// The packages grow while the app is written: look exports up by name and fall back when absent.
const inferenceExports = inference as unknown as Record<string, unknown>;
const tasksExports = tasks as unknown as Record<string, unknown>;

export const localInferenceSnippets: GetInferenceSnippets | undefined =
  typeof inferenceExports.getInferenceSnippets === "function"
    ? (inferenceExports.getInferenceSnippets as GetInferenceSnippets)
    : undefined;

export function knownProviders(): readonly string[] {
  const list = inferenceExports.INFERENCE_PROVIDERS;
  return Array.isArray(list) ? (list as string[]) : [];
}

export function libraryRegistry(): Record<string, LibraryEntry> {
  const registry = tasksExports.MODEL_LIBRARIES_UI_ELEMENTS;
  return registry && typeof registry === "object" ? (registry as Record<string, LibraryEntry>) : {};
}

/** The example input the generator would use by default, as editable text. */
export function defaultInputText(model: RepoInfo): string {
  const fn = tasksExports.getModelInputSnippet;
  if (typeof fn !== "function") return "";
  try {
    const value: unknown = (fn as (m: RepoInfo) => unknown)(model);
    if (typeof value === "string") return value;
    if (Array.isArray(value)) {
      const user = (value as { role?: string; content?: unknown }[]).find((m) => m.role === "user");
      const content = user?.content;
      if (typeof content === "string") return content;
      if (Array.isArray(content)) {
        const text = (content as { type?: string; text?: string }[]).find((part) => part.type === "text");
        return text?.text ?? "";
      }
    }
    return JSON.stringify(value, null, 2);
  } catch {
    return "";
  }
}

export function isConversationalModel(model: RepoInfo): boolean {
  return (model.tags ?? []).includes("conversational");
}

/** Library snippets for this model: its own library first, then others the registry says apply. */
export function librarySnippets(model: RepoInfo): { key: string; label: string; docsUrl?: string; snippets: string[] }[] {
  const registry = libraryRegistry();
  const keys = new Set<string>();
  if (model.library_name) keys.add(model.library_name);
  for (const tag of model.tags ?? []) if (registry[tag]) keys.add(tag);
  const result: { key: string; label: string; docsUrl?: string; snippets: string[] }[] = [];
  for (const key of keys) {
    const entry = registry[key];
    if (!entry?.snippets) continue;
    try {
      const snippets = entry.snippets(model);
      if (snippets.length > 0) result.push({ key, label: entry.prettyLabel, docsUrl: entry.docsUrl ?? entry.repoUrl, snippets });
    } catch {
      // A generator that cannot handle this record simply contributes nothing.
    }
  }
  return result;
}
