import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { filesWithExtension } from "../helpers.js";

const SAMPLE_IMAGE = "https://ultralytics.com/images/bus.jpg";

/** Ultralytics YOLO: downloads the checkpoint and runs a prediction; YOLOv10 loads from the Hub directly. */
export function ultralyticsSnippets(model: ModelData): string[] {
  if (model.library_name === "yolov10" || model.tags?.includes("yolov10")) {
    return [
      python`from ultralytics import YOLOv10

model = YOLOv10.from_pretrained(${model.id})
results = model.predict(source=${SAMPLE_IMAGE}, save=True)`,
    ];
  }
  const weights = filesWithExtension(model, "pt")[0] ?? "best.pt";
  return [
    python`from huggingface_hub import hf_hub_download
from ultralytics import YOLO

path = hf_hub_download(${model.id}, ${weights})
model = YOLO(path)
results = model.predict(source=${SAMPLE_IMAGE}, save=True)`,
  ];
}
