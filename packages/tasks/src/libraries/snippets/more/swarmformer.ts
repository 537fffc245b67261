import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SwarmFormer: a compact text classifier. */
export function swarmformerSnippets(model: ModelData): string[] {
  return [
    python`from swarmformer import SwarmFormerModel

classifier = SwarmFormerModel.from_pretrained(${model.id})
classifier.eval()`,
  ];
}
