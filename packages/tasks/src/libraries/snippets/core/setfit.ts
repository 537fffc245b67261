import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** SetFit: few-shot text classifier; calling the model predicts labels for a list of texts. */
export function setfitSnippets(model: ModelData): string[] {
  const text = textInputOf(model) ?? "I loved the spiderman movie!";
  return [
    python`from setfit import SetFitModel

model = SetFitModel.from_pretrained(${model.id})
predictions = model.predict([${text}])
print(predictions)`,
  ];
}
