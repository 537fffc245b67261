import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** ZeroModels (Keras 3): the `AutoZModel` loader picks the model class from the repo's `model_type`. */
export function zeromodelsSnippets(model: ModelData): string[] {
  return [
    python`# pip install -U zeromodels
from zeromodels import AutoZModel

model = AutoZModel.from_weights(${model.id})
model.summary()`,
  ];
}
