import { python, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** FleXray: anatomy segmentation of X-ray images, from the command line or Python. */
export function flexraySnippets(model: ModelData): string[] {
  return [
    shell`pip install flexray

# Writes masks, probabilities and logits (.npy) for each image
flexify --model-id ${model.id} --input ./image.png --output-dir ./predictions`,
    python`from fxr.inference import FleXraySegmenter

segmenter = FleXraySegmenter.from_pretrained(${model.id})
prediction = segmenter.predict("./image.png")
print(prediction.masks.shape)`,
  ];
}
