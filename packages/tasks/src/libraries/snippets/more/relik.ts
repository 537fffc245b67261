import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { sampleTextOr } from "./common.js";

/** ReLiK: entity linking and relation extraction over a passage. */
export function relikSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, "Michael Jordan was one of the best players in the NBA.");
  return [
    python`from relik import Relik

relik = Relik.from_pretrained(${model.id})
annotated = relik(${text})
print(annotated)`,
  ];
}
