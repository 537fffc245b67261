import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { repoNameOf } from "../helpers.js";

/** Mobilint model zoo: models compiled for Mobilint NPUs, selected by model name. */
export function mobilintSnippets(model: ModelData): string[] {
  return [
    python`# pip install mblt-model-zoo
from mblt_model_zoo.vision import MBLT_Engine

model = MBLT_Engine(model_cls=${repoNameOf(model.id)}, model_type="DEFAULT", model_path="", core_mode="global8")
try:
    image = model.preprocess("path/to/image.jpg")
    result = model.postprocess(model(image))
finally:
    model.dispose()`,
  ];
}
