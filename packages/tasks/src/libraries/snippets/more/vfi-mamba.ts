import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** VFIMamba: video frame interpolation, with the repository's trainer wrapper. */
export function vfiMambaSnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/MCG-NJU/VFIMamba (run from the repository root)
from Trainer_finetune import Model

interpolator = Model.from_pretrained(${model.id})`,
  ];
}
