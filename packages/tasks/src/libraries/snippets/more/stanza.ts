import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { repoNameOf } from "../helpers.js";

/** Stanza: repositories are named `stanza-<language>`; downloads that language and builds a pipeline. */
export function stanzaSnippets(model: ModelData): string[] {
  const language = repoNameOf(model.id).replace(/^stanza-/, "");
  return [
    python`import stanza

stanza.download(${language})
nlp = stanza.Pipeline(${language})`,
  ];
}
