import {
  getInferenceSnippets,
  INFERENCE_PROVIDERS,
  type InferenceProviderMapping,
  type SnippetOptions,
} from "@modelhub/inference";
import {
  detectSnippetLanguage,
  FILTERABLE_MODEL_LIBRARY_KEYS,
  getModelInputSnippet,
  isConversational,
  libraryUiElement,
  librarySnippetsFor,
  MODEL_LIBRARIES_UI_ELEMENTS,
  type ModelData,
} from "@modelhub/tasks";
import type { InferenceSnippet, RepoInfo } from "@modelhub/api-types";

export type { SnippetOptions };
export type ProviderMappingArg = InferenceProviderMapping;

/** The hub's repo-info JSON is the record the generators read (a superset of `ModelData`). */
function asModelData(model: RepoInfo): ModelData {
  return model as unknown as ModelData;
}

/** `@modelhub/inference`'s generator, run in the browser so the panel shows exactly its output. */
export function localInferenceSnippets(
  model: RepoInfo,
  provider: string,
  mapping: ProviderMappingArg | undefined,
  opts: SnippetOptions,
): InferenceSnippet[] {
  return getInferenceSnippets(asModelData(model), provider, mapping, opts);
}

export function knownProviders(): readonly string[] {
  return INFERENCE_PROVIDERS;
}

/** Libraries offered as listing filters, with their display names. */
export function filterableLibraries(): { value: string; label: string }[] {
  return FILTERABLE_MODEL_LIBRARY_KEYS.map((key) => ({
    value: key,
    label: MODEL_LIBRARIES_UI_ELEMENTS[key].prettyLabel,
  }));
}

export function snippetLanguage(code: string): string {
  const language = detectSnippetLanguage(code);
  return language === "sh" ? "bash" : language === "js" ? "javascript" : language;
}

/** The example input the generator uses by default, as editable text. */
export function defaultInputText(model: RepoInfo): string {
  try {
    // noQuotes: the box holds the raw text the user edits, not a quoted literal.
    const value: unknown = getModelInputSnippet(asModelData(model), false, true);
    if (typeof value === "string") return value.startsWith("No input example has been defined") ? "" : value;
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
  return isConversational(asModelData(model));
}

/**
 * Library snippets generated in the browser for the hub at `hubUrl`: code that downloads is pointed
 * at it (HF_ENDPOINT, llama.cpp's MODEL_ENDPOINT, Transformers.js `env.remoteHost`).
 */
export function librarySnippets(
  model: RepoInfo,
  hubUrl?: string,
): { key: string; label: string; docsUrl?: string; snippets: string[] }[] {
  const entry = libraryUiElement(model.library_name);
  if (!entry?.snippets || !model.library_name) return [];
  try {
    const snippets = librarySnippetsFor(asModelData(model), model.library_name, hubUrl).map((s) => s.content);
    return snippets.length
      ? [
          {
            key: model.library_name,
            label: entry.prettyLabel,
            docsUrl: entry.docsUrl ?? entry.repoUrl,
            snippets,
          },
        ]
      : [];
  } catch {
    return [];
  }
}
