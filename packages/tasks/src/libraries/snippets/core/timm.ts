import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** timm: creates the model with its pretrained weights and the matching preprocessing. */
export function timmSnippets(model: ModelData): string[] {
  return [
    python`import timm

model = timm.create_model(${`hf_hub:${model.id}`}, pretrained=True)
model.eval()

data_config = timm.data.resolve_model_data_config(model)
transforms = timm.data.create_transform(**data_config, is_training=False)`,
  ];
}
