import { compileDownloadQuery, DownloadQueryError } from "../downloads/index.js";
import type { ModelData } from "../model/model-data.js";
import type { LibraryEntry, LibraryUiElement } from "./library-ui-element.js";
import { LIBRARY_ENTRIES, type ModelLibraryKey } from "./registry/index.js";
import { CORE_SNIPPETS } from "./snippets/core-index.js";
import { snippetsForHub, type LibrarySnippet } from "./for-hub.js";
import { MORE_SNIPPETS } from "./snippets/more-index.js";
import type { SnippetGenerator } from "./snippets/types.js";

export type { LibraryEntry, LibraryUiElement } from "./library-ui-element.js";
export type { ModelLibraryKey } from "./registry/index.js";
export type { LibrarySnippetOptions, SnippetGenerator, SnippetLanguage } from "./snippets/types.js";
export { pointSnippetAtHub, snippetsForHub, type LibrarySnippet } from "./for-hub.js";
export { detectSnippetLanguage } from "./snippets/language.js";
export { LIBRARY_TASKS } from "./library-tasks.js";

/** Every generator by library key; core generators win over the others for the same key. */
export const SNIPPET_GENERATORS: Readonly<Record<string, SnippetGenerator>> = {
  ...MORE_SNIPPETS,
  ...CORE_SNIPPETS,
};

/** Rejects a malformed download rule as soon as the registry is loaded, naming the library. */
function checkDownloadRule(key: string, entry: LibraryEntry): void {
  if (entry.countDownloads === undefined) return;
  try {
    compileDownloadQuery(entry.countDownloads);
  } catch (error) {
    if (error instanceof DownloadQueryError)
      throw new Error(`Library "${key}": ${error.message}`, { cause: error });
    throw error;
  }
}

function withSnippets(key: string, entry: LibraryEntry): LibraryUiElement {
  checkDownloadRule(key, entry);
  const generator = Object.hasOwn(SNIPPET_GENERATORS, key) ? SNIPPET_GENERATORS[key] : undefined;
  return generator ? { ...entry, snippets: generator } : { ...entry };
}

/** The model-library registry: every `library_name` the Hub recognises, with its snippets attached. */
export const MODEL_LIBRARIES_UI_ELEMENTS = Object.fromEntries(
  Object.entries(LIBRARY_ENTRIES).map(([key, entry]) => [key, withSnippets(key, entry)]),
) as Record<ModelLibraryKey, LibraryUiElement>;

export const ALL_MODEL_LIBRARY_KEYS = Object.keys(LIBRARY_ENTRIES) as ModelLibraryKey[];

/** Libraries offered as filters in the model search. */
export const FILTERABLE_MODEL_LIBRARY_KEYS = ALL_MODEL_LIBRARY_KEYS.filter(
  (key) => MODEL_LIBRARIES_UI_ELEMENTS[key].filter === true,
);

export function isModelLibraryKey(name: string): name is ModelLibraryKey {
  return Object.hasOwn(LIBRARY_ENTRIES, name);
}

/** The registry entry for a `library_name`, or undefined when the Hub does not know it. */
export function libraryUiElement(name: string | undefined): LibraryUiElement | undefined {
  return name !== undefined && isModelLibraryKey(name) ? MODEL_LIBRARIES_UI_ELEMENTS[name] : undefined;
}

/**
 * The snippets of a model's library (by `library_name`), each with its language; `[]` when it has none.
 * With `hubUrl` (a hub other than huggingface.co) the code downloads from that hub.
 */
export function librarySnippetsFor(
  model: ModelData,
  library = model.library_name,
  hubUrl?: string,
): LibrarySnippet[] {
  const generate = libraryUiElement(library)?.snippets;
  return generate ? snippetsForHub(generate, model, hubUrl) : [];
}
