import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const maskGenerationTask: TaskDataCustom = {
  summary:
    "Mask generation produces class-free segmentation masks, either for everything in an image or for the object you point at with a click or a box. Promptable segmenters such as SAM make precise selection nearly instant.",
  datasets: [
    {
      id: "nielsr/breast-cancer",
      description:
        "Ultrasound images with lesion masks, used in tutorials for fine-tuning SAM on medical data.",
    },
    {
      id: "segments/sidewalk-semantic",
      description: "Densely labelled street scenes whose masks can serve as prompts and targets.",
    },
  ],
  models: [
    {
      id: "facebook/sam-vit-base",
      description: "Segment Anything with a ViT-B image encoder, the lightest original SAM.",
    },
    {
      id: "facebook/sam2.1-hiera-large",
      description: "SAM 2.1 with a Hiera-L encoder, segmenting images and tracking masks through video.",
    },
  ],
  spaces: [
    {
      id: "Xenova/segment-anything-web",
      description: "Click on objects to segment them entirely in the browser.",
    },
    {
      id: "SkalskiP/segment-anything-model-2",
      description: "Try SAM 2 with point and box prompts or automatic mask generation.",
    },
  ],
  metrics: [
    { id: "mIoU", description: "Mean intersection over union between predicted and ground-truth masks." },
    {
      id: "NoC@90",
      description: "Number of clicks an interactive segmenter needs to reach 90% IoU; lower is better.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "mask-generation-input.png" }],
    outputs: [{ type: "img", filename: "mask-generation-output.png" }],
  },
  widgetModels: ["facebook/sam-vit-base"],
  libraries: ["transformers", "transformers.js", "sam2"],
  about,
};
