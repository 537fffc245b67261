import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** TerraTorch: geospatial foundation models built through the backbone registry. */
export function terratorchSnippets(model: ModelData): string[] {
  return [
    python`from terratorch.registry import BACKBONE_REGISTRY

backbone = BACKBONE_REGISTRY.build(${model.id})`,
  ];
}
