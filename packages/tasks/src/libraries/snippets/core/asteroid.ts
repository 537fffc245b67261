import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Asteroid: source separation; `separate` writes one file per estimated source. */
export function asteroidSnippets(model: ModelData): string[] {
  return [
    python`from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${model.id})
model.separate("mixture.wav")`,
  ];
}
