import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

/** SpanMarker: span-based named entity recognition. */
export function spanMarkerSnippets(model: ModelData): string[] {
  const text =
    textInputOf(model) ??
    "Amelia Earhart flew her single engine Lockheed Vega 5B across the Atlantic to Paris.";
  return [
    python`from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${model.id})
entities = model.predict(${text})
print(entities)`,
  ];
}
