import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Perception Encoder: every checkpoint works as a vision tower; PE-Core ones are also full CLIP models. */
export function perceptionEncoderSnippets(model: ModelData): string[] {
  const visionTower = python`# Code from https://github.com/facebookresearch/perception_models
import core.vision_encoder.pe as pe

vision_tower = pe.VisionTransformer.from_config(${model.id}, pretrained=True)`;
  if (!model.id.includes("Core")) return [visionTower];
  return [
    python`# Code from https://github.com/facebookresearch/perception_models
import core.vision_encoder.pe as pe

clip_model = pe.CLIP.from_config(${model.id}, pretrained=True)`,
    visionTower,
  ];
}
