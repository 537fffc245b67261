import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** OpenCLIP: model, image transforms and tokenizer from the Hub checkpoint. */
export function openClipSnippets(model: ModelData): string[] {
  const hubName = `hf-hub:${model.id}`;
  return [
    python`import open_clip

model, preprocess_train, preprocess_val = open_clip.create_model_and_transforms(${hubName})
tokenizer = open_clip.get_tokenizer(${hubName})`,
  ];
}
