import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** nobg: background removal by alpha matting. */
export function nobgSnippets(model: ModelData): string[] {
  return [
    python`# pip install nobg
import torch
from PIL import Image
from nobg import AutoModel, AutoProcessor

model = AutoModel.from_pretrained(${model.id}).eval()
processor = AutoProcessor.from_pretrained(${model.id})

image = Image.open("input.jpg").convert("RGB")
inputs = processor(image, return_tensors="pt")
with torch.no_grad():
    outputs = model(pixel_values=inputs["pixel_values"])

alpha = processor.post_process_alpha_matting(outputs, target_sizes=[(image.height, image.width)])[0]
processor.cutout(image, alpha).save("output.png")`,
  ];
}
