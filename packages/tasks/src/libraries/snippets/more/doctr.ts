import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** docTR: a Hub detection or recognition model plugged into a full OCR predictor (task read from config.json). */
export function doctrSnippets(model: ModelData): string[] {
  const task = model.config?.task;
  const isDetection = task === "detection";
  const args = isDetection
    ? 'det_arch=hub_model, reco_arch="crnn_vgg16_bn"'
    : 'det_arch="fast_base", reco_arch=hub_model';
  return [
    python`# pip install python-doctr
from doctr.io import DocumentFile
from doctr.models import from_hub, ocr_predictor

hub_model = from_hub(${model.id})
predictor = ocr_predictor(${raw(args)}, pretrained=True)

pages = DocumentFile.from_images(["scan.jpg"])
print(predictor(pages).render())`,
  ];
}
