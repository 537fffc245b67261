import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** clipscope: a top-k sparse autoencoder over CLIP ViT activations at one layer. */
export function clipscopeSnippets(model: ModelData): string[] {
  const checkpoint = firstFileOr(model, "pt", "sae.pt");
  return [
    python`# pip install clipscope
from PIL import Image
from clipscope import ConfiguredViT, TopKSAE

device = "cpu"
sae = TopKSAE.from_pretrained(repo_id=${model.id}, filename=${checkpoint}, device=device)

layer = (22, "resid")
vit = ConfiguredViT([layer], "laion/CLIP-ViT-L-14-laion2B-s32B-b82K", device=device)

picture = Image.open("photo.jpg").convert("RGB").resize((224, 224))
cls_activations = vit.all_activations(picture)[layer][:, 0]
features = sae.forward_verbose(cls_activations)
print(features["latent"].shape, features["reconstruction"].shape)`,
  ];
}
