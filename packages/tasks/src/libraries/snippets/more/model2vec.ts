import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Model2Vec: static embeddings; encodes the widget's sentences (or a default pair). */
export function model2vecSnippets(model: ModelData): string[] {
  const widget = model.widgetData?.[0];
  const sentences =
    widget?.source_sentence && widget.sentences?.length
      ? [widget.source_sentence, ...widget.sentences]
      : ["It's dangerous to go alone!", "It's a secret to everybody."];
  return [
    python`from model2vec import StaticModel

encoder = StaticModel.from_pretrained(${model.id})
vectors = encoder.encode(${sentences})
print(vectors.shape)`,
  ];
}
