import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Merlin: 3D CT vision-language model; the package loads its weights from the Hub repository. */
export function merlinSnippets(model: ModelData): string[] {
  return [
    python`# pip install merlin-vlm
import torch
from huggingface_hub import snapshot_download
from merlin import Merlin

snapshot_download(${model.id})  # caches the checkpoint the package loads

device = "cuda" if torch.cuda.is_available() else "cpu"

# Image and text embeddings; pass ImageEmbedding=True for image features only
merlin = Merlin().eval().to(device)`,
  ];
}
