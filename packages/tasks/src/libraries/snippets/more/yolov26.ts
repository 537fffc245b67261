import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr, SAMPLE_PHOTO_URL } from "./common.js";

/** Ultralytics YOLO26: download the weights, then predict on an image. */
export function yolov26Snippets(model: ModelData): string[] {
  return [
    python`# pip install ultralytics huggingface_hub
from huggingface_hub import hf_hub_download
from ultralytics import YOLO

model = YOLO(hf_hub_download(repo_id=${model.id}, filename=${firstFileOr(model, "pt", "model.pt")}))
results = model(${SAMPLE_PHOTO_URL})
results[0].show()`,
  ];
}
