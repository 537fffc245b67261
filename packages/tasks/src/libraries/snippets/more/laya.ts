import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { sampleTextOr } from "./common.js";

/** Laya: typed decisions (choice, score, yes/no) with calibrated probabilities in one forward pass. */
export function layaSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, "We were billed twice for March. Refund the duplicate or we cancel.");
  return [
    python`# pip install laya
import laya

agent = laya.load(${model.id})
result = agent.predict(
    {"body": ${text}},
    {
        "churn_risk": {"type": "noul", "instructions": "Does the user threaten to leave?"},
        "department": {
            "type": "choice",
            "instructions": "Which team should handle this?",
            "criteria": {"billing": "payments and refunds", "technical": "bugs and outages"},
        },
    },
)
print(result["answers"])`,
  ];
}
