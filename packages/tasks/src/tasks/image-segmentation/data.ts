import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageSegmentationTask: TaskDataCustom = {
  summary:
    "Image segmentation assigns every pixel to a class or to an individual object, producing masks instead of boxes. Semantic, instance and panoptic segmentation are the three main variants.",
  datasets: [
    {
      id: "zhoubolei/scene_parse_150",
      description:
        "ADE20K scene parsing: indoor and outdoor scenes labelled pixel by pixel with 150 classes.",
    },
    {
      id: "segments/sidewalk-semantic",
      description:
        "Sidewalk-level street photos with dense labels for surfaces, vehicles and street furniture.",
    },
  ],
  models: [
    {
      id: "nvidia/segformer-b0-finetuned-ade-512-512",
      description: "Tiny SegFormer for semantic segmentation, fine-tuned on ADE20K.",
    },
    {
      id: "facebook/mask2former-swin-large-coco-panoptic",
      description: "Mask2Former with a Swin-L backbone producing panoptic masks for COCO classes.",
    },
    {
      id: "briaai/RMBG-2.0",
      description: "High-quality foreground/background separation for background removal.",
    },
  ],
  spaces: [
    {
      id: "shi-labs/OneFormer",
      description: "One model switching between semantic, instance and panoptic segmentation on demand.",
    },
    {
      id: "ZhengPeng7/BiRefNet_demo",
      description: "High-resolution background removal with the BiRefNet dichotomous segmentation model.",
    },
  ],
  metrics: [
    {
      id: "mIoU",
      description: "Mean intersection over union between predicted and true masks, averaged across classes.",
    },
    { id: "pixel accuracy", description: "Share of pixels assigned the correct class." },
    {
      id: "PQ",
      description:
        "Panoptic quality: matched-segment IoU quality multiplied by how well segments are recognised.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-segmentation-input.png" }],
    outputs: [{ type: "img", filename: "image-segmentation-output.png" }],
  },
  widgetModels: ["nvidia/segformer-b0-finetuned-ade-512-512"],
  libraries: ["transformers", "transformers.js", "birefnet", "ultralytics"],
  about,
};
