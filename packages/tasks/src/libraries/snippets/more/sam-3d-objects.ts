import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SAM 3D Objects: 3D reconstruction of a masked object in an image. */
export function sam3dObjectsSnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/facebookresearch/sam-3d-objects (run from its notebook folder)
from huggingface_hub import hf_hub_download
from inference import Inference, load_image, load_single_mask

config_path = hf_hub_download(${model.id}, "checkpoints/pipeline.yaml")
reconstruct = Inference(config_path, compile=False)

picture = load_image("scene.png")
object_mask = load_single_mask("masks/", index=0)
result = reconstruct(picture, object_mask)`,
  ];
}
