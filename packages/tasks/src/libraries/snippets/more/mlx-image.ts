import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** mlx-image: image models for Apple silicon, created with their Hub weights. */
export function mlxImageSnippets(model: ModelData): string[] {
  return [
    python`# pip install mlx-image
from mlxim.model import create_model

vision_model = create_model(${model.id})
vision_model.eval()`,
  ];
}
