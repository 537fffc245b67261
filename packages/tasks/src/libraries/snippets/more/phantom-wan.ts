import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Phantom (Wan): subject-consistent video generation from reference images and a prompt. */
export function phantomWanSnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/Phantom-video/Phantom
from huggingface_hub import snapshot_download
from phantom_wan import WanI2V, configs

weights_dir = snapshot_download(${model.id})
generator = WanI2V(config=configs.WAN_CONFIGS["i2v-14B"], checkpoint_dir=weights_dir)

video = generator.generate("A cat walks along a sunny beach.", "reference.png")`,
  ];
}
