import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** KRONOS: a foundation model for multiplex spatial proteomic images, loaded through its `hf_hub:` prefix. */
export function kronosSnippets(model: ModelData): string[] {
  return [
    python`# git clone https://github.com/mahmoodlab/KRONOS.git && pip install -e ./KRONOS
from kronos import create_model_from_pretrained

model, precision, embedding_dim = create_model_from_pretrained(
    checkpoint_path=${`hf_hub:${model.id}`},
    cache_dir="./model_assets",
)
print(precision, embedding_dim)`,
  ];
}
