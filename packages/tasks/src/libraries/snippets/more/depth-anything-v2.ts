import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

interface EncoderShape {
  encoder: string;
  features: number;
  outChannels: number[];
}

/** Published sizes of Depth Anything V2, recognised from the repository name. */
const SIZES: ReadonlyArray<[string, EncoderShape]> = [
  ["small", { encoder: "vits", features: 64, outChannels: [48, 96, 192, 384] }],
  ["base", { encoder: "vitb", features: 128, outChannels: [96, 192, 384, 768] }],
  ["large", { encoder: "vitl", features: 256, outChannels: [256, 512, 1024, 1024] }],
  ["giant", { encoder: "vitg", features: 384, outChannels: [1536, 1536, 1536, 1536] }],
];

/** Depth Anything V2: builds the network for the repository's size and loads its checkpoint. */
export function depthAnythingV2Snippets(model: ModelData): string[] {
  const shape = SIZES.find(([size]) => idMentions(model, size))?.[1] ?? SIZES[2][1];
  const checkpoint = `depth_anything_v2_${shape.encoder}.pth`;
  return [
    python`# Code from https://github.com/DepthAnything/Depth-Anything-V2 (clone it and run from its root)
import cv2
import torch
from huggingface_hub import hf_hub_download
from depth_anything_v2.dpt import DepthAnythingV2

net = DepthAnythingV2(encoder=${shape.encoder}, features=${shape.features}, out_channels=${raw(JSON.stringify(shape.outChannels).replace(/,/g, ", "))})
weights = hf_hub_download(repo_id=${model.id}, filename=${checkpoint})
net.load_state_dict(torch.load(weights, map_location="cpu"))
net.eval()

picture = cv2.imread("photo.jpg")
depth = net.infer_image(picture)  # H x W depth map as a numpy array`,
  ];
}
