import { python, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hubBaseUrl, repoNameOf } from "../helpers.js";
import type { LibrarySnippetOptions } from "../types.js";

/** spaCy: pipelines ship as wheels in the repository; install the wheel (from this hub), then load it. */
export function spacySnippets(model: ModelData, options: LibrarySnippetOptions = {}): string[] {
  const name = repoNameOf(model.id);
  const wheel = `${hubBaseUrl(options.hubUrl)}/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
  return [
    shell`pip install ${wheel}`,
    python`import spacy

nlp = spacy.load(${name})
doc = nlp("Hugging Face is a company based in New York City.")
print([(ent.text, ent.label_) for ent in doc.ents])`,
  ];
}
