import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** Sapiens (lite): TorchScript exports for human-centric vision, run on a 1024x768 crop. */
export function sapiensSnippets(model: ModelData): string[] {
  const exported = firstFileOr(model, "pt2", "model_torchscript.pt2");
  return [
    python`import torch
from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(${model.id}, ${exported})
net = torch.jit.load(checkpoint).eval().to("cuda")

with torch.inference_mode():
    crop = torch.rand(1, 3, 1024, 768, device="cuda")  # a normalised person crop
    prediction = net(crop)`,
  ];
}
