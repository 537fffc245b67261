import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SEED-Story: multimodal story generation built from the repository's Hydra configs. */
export function seedStorySnippets(model: ModelData): string[] {
  return [
    python`# Configs from https://github.com/TencentARC/SEED-Story (configs/clm_models/)
import hydra
from huggingface_hub import snapshot_download
from omegaconf import OmegaConf

snapshot_download(${model.id}, local_dir="pretrained")  # the configs read their weights from ./pretrained

llm_config = OmegaConf.load("configs/clm_models/llama2chat7b_lora.yaml")
llm = hydra.utils.instantiate(llm_config, torch_dtype="fp16")

agent_config = OmegaConf.load("configs/clm_models/agent_7b_sft.yaml")
seed_story = hydra.utils.instantiate(agent_config, llm=llm)`,
  ];
}
