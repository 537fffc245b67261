import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** Flair: a sequence tagger (NER, POS…) or a text classifier, applied to one sentence. */
export function flairSnippets(model: ModelData): string[] {
  const modelClass = raw(model.pipeline_tag === "text-classification" ? "TextClassifier" : "SequenceTagger");
  const text = textInputOf(model) ?? "George Washington went to Washington.";
  return [
    python`from flair.data import Sentence
from flair.models import ${modelClass}

model = ${modelClass}.load(${model.id})

sentence = Sentence(${text})
model.predict(sentence)
print(sentence)`,
  ];
}
