import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** pxia: small models with a transformers-like AutoModel. */
export function pxiaSnippets(model: ModelData): string[] {
  return [
    python`from pxia import AutoModel

net = AutoModel.from_pretrained(${model.id})`,
  ];
}
