import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Jev-Style: small decision models that return a calibrated probability for every option. */
export function jevStyleSnippets(model: ModelData): string[] {
  return [
    python`# pip install "jev-style[torch]"
from jev_style import JevStyle, choice, noul

js = JevStyle.from_pretrained(${model.id})
out = js.decide("I was charged twice. Please fix this.", {
    "billing": noul("This ticket is about billing."),
    "tone": choice("What is the customer's tone?", ["calm", "frustrated", "angry"]),
})
print(out["answers"])`,
  ];
}
