import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SAELens: a sparse autoencoder read from this repository's files (catalogued releases load by name too). */
export function saelensSnippets(model: ModelData): string[] {
  return [
    python`# pip install sae-lens
from huggingface_hub import snapshot_download
from sae_lens import SAE

# Expects cfg.json and sae_weights.safetensors; for an SAE inside a folder, append the folder to the path
local_path = snapshot_download(${model.id})
sae = SAE.load_from_disk(local_path)

# SAEs listed in sae_lens/pretrained_saes.yaml can also be loaded by release name:
# sae = SAE.from_pretrained(release="gpt2-small-res-jb", sae_id="blocks.8.hook_resid_pre")`,
  ];
}
