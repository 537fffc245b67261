import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** GLiNER: zero-shot entity extraction for labels chosen at call time. */
export function glinerSnippets(model: ModelData): string[] {
  const text = textInputOf(model) ?? "Apple was founded by Steve Jobs in Cupertino in 1976.";
  return [
    python`from gliner import GLiNER

model = GLiNER.from_pretrained(${model.id})

text = ${text}
labels = ["person", "organization", "location", "date"]
entities = model.predict_entities(text, labels, threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`,
  ];
}
