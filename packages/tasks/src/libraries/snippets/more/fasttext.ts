import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr, sampleTextOr } from "./common.js";

/** fastText: loads the repository's .bin file; classifiers predict labels, embedding models give vectors. */
export function fasttextSnippets(model: ModelData): string[] {
  const binary = firstFileOr(model, "bin", "model.bin");
  const load = python`import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(${model.id}, ${binary}))`;
  if (model.pipeline_tag === "text-classification") {
    const text = sampleTextOr(model, "Hello, how are you today?");
    return [
      `${load}\nlabels, probabilities = model.predict(${python`${text}`}, k=3)\nprint(labels, probabilities)`,
    ];
  }
  return [
    `${load}\nvector = model.get_word_vector("hello")\nprint(model.get_nearest_neighbors("hello")[:5])`,
  ];
}
