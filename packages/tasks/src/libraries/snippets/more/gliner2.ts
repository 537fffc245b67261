import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { sampleTextOr } from "./common.js";

/** GLiNER2: schema-driven extraction; here, entities of a few types from one sentence. */
export function gliner2Snippets(model: ModelData): string[] {
  const text = sampleTextOr(model, "Apple CEO Tim Cook presented the new iPhone in Cupertino.");
  return [
    python`from gliner2 import GLiNER2

extractor = GLiNER2.from_pretrained(${model.id})

found = extractor.extract_entities(${text}, ["company", "person", "product", "location"])
print(found)`,
  ];
}
