import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** fastai: restores the exported Learner through huggingface_hub. */
export function fastaiSnippets(model: ModelData): string[] {
  return [
    python`from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${model.id})`,
  ];
}
