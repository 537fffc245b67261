import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_PHOTO_URL } from "./common.js";

/** BEN2: background removal; returns the foreground of an image. */
export function ben2Snippets(model: ModelData): string[] {
  return [
    python`import requests
import torch
from PIL import Image
from ben2 import AutoModel

device = "cuda" if torch.cuda.is_available() else "cpu"
model = AutoModel.from_pretrained(${model.id}).to(device).eval()

photo = Image.open(requests.get(${SAMPLE_PHOTO_URL}, stream=True).raw)
cutout = model.inference(photo)
cutout.save("foreground.png")`,
  ];
}
