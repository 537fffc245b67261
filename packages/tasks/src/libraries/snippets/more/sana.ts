import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Sana: text-to-image with the original Sana pipeline and its YAML config. */
export function sanaSnippets(model: ModelData): string[] {
  const weights = `hf://${model.id}`;
  const prompt = model.cardData?.instance_prompt || 'a cyberpunk cat holding a neon sign that says "Sana"';
  return [
    python`# Code from https://github.com/NVlabs/Sana (run from the repository root)
import torch
from torchvision.utils import save_image
from app.sana_pipeline import SanaPipeline

pipeline = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")
pipeline.from_pretrained(${weights})

image = pipeline(
    prompt=${prompt},
    num_inference_steps=20,
    guidance_scale=4.5,
    pag_guidance_scale=2.0,
    width=1024,
    height=1024,
    generator=torch.Generator(device="cuda").manual_seed(42),
)
save_image(image, "sana.png", nrow=1, normalize=True, value_range=(-1, 1))`,
  ];
}
