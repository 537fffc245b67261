import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** Depth Pro: metric depth and focal length from one image; the default config reads ./checkpoints/depth_pro.pt. */
export function depthProSnippets(model: ModelData): string[] {
  const checkpoint = firstFileOr(model, "pt", "depth_pro.pt");
  return [
    python`# pip install git+https://github.com/apple/ml-depth-pro
import depth_pro
from huggingface_hub import hf_hub_download

hf_hub_download(${model.id}, ${checkpoint}, local_dir="checkpoints")

net, preprocess = depth_pro.create_model_and_transforms()
net.eval()

rgb, _, focal_px = depth_pro.load_rgb("photo.jpg")
result = net.infer(preprocess(rgb), f_px=focal_px)

depth_m = result["depth"]  # depth in meters
estimated_focal = result["focallength_px"]  # focal length in pixels`,
  ];
}
