import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hasTag } from "./common.js";

/** AllenNLP: a predictor read from the Hub (`hf://`); question-answering models get a passage and a question. */
export function allennlpSnippets(model: ModelData): string[] {
  const location = `hf://${model.id}`;
  if (model.pipeline_tag === "question-answering" || hasTag(model, "question-answering")) {
    const widget = model.widgetData?.[0];
    const passage =
      typeof widget?.context === "string" ? widget.context : "My name is Wolfgang and I live in Berlin.";
    const question = typeof widget?.text === "string" ? widget.text : "Where do I live?";
    return [
      python`import allennlp_models
from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${location})
answer = predictor.predict_json({"passage": ${passage}, "question": ${question}})
print(answer["best_span_str"])`,
    ];
  }
  return [
    python`import allennlp_models
from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${location})`,
  ];
}
