import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { sampleTextOr } from "./common.js";

/** GLiFormer: labels chosen at inference time; entity extraction works with any NER-head checkpoint. */
export function gliformerSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, "Marie Curie worked at the University of Paris in France.");
  return [
    python`# pip install gliformer
from gliformer import GLiFormer

model = GLiFormer.from_pretrained(${model.id}, load_tokenizer=True)

entities = model.predict_entities(${text}, ["person", "organization", "location"], threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`,
  ];
}
