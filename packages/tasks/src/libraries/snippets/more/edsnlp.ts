import { python, raw, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hubBaseUrl, identifierOr, repoNameOf } from "../helpers.js";
import type { LibrarySnippetOptions } from "../types.js";

/** EDS-NLP: load the pipeline straight from the Hub, or install the repository as a Python package. */
export function edsnlpSnippets(model: ModelData, options: LibrarySnippetOptions = {}): string[] {
  const packageName = identifierOr(repoNameOf(model.id).replace(/-/g, "_"), "eds_model");
  const packageUrl = `git+${hubBaseUrl(options.hubUrl)}/${model.id}`;
  return [
    python`import edsnlp

nlp = edsnlp.load(${model.id})
doc = nlp("Le patient est admis pour une pneumopathie.")
print(doc.ents)`,
    shell`# Or install the pipeline as a package, then: import ${raw(packageName)}; nlp = ${raw(packageName)}.load()
pip install ${packageUrl}`,
  ];
}
