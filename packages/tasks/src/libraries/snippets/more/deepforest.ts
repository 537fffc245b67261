import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** DeepForest: detects trees (or birds, livestock…) in airborne RGB imagery with a model from the Hub. */
export function deepforestSnippets(model: ModelData): string[] {
  return [
    python`# pip install deepforest
from deepforest import main

detector = main.deepforest()
detector.load_model(model_name=${model.id}, revision="main")

boxes = detector.predict_image(path="aerial_tile.png")  # a pandas DataFrame of bounding boxes
print(boxes.head())`,
  ];
}
