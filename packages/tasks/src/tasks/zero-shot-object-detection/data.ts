import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const zeroShotObjectDetectionTask: TaskDataCustom = {
  summary:
    "Zero-shot object detection locates objects described by free-text phrases, returning boxes and scores for categories the model was never explicitly trained on. New classes cost nothing but a new label.",
  datasets: [
    {
      id: "detection-datasets/coco",
      description:
        "COCO detection images, the common ground for comparing open- and closed-vocabulary detectors.",
    },
    {
      id: "winvoker/lvis",
      description: "LVIS annotations with over a thousand categories, many of them rare.",
    },
  ],
  models: [
    {
      id: "google/owlv2-base-patch16-ensemble",
      description: "OWLv2, an open-vocabulary detector trained with self-training on web-scale data.",
    },
    {
      id: "IDEA-Research/grounding-dino-tiny",
      description: "Grounding DINO tiny, linking text phrases to boxes with a DETR-style detector.",
    },
    {
      id: "google/owlvit-base-patch32",
      description: "First-generation OWL-ViT, light and easy to run on CPU.",
    },
  ],
  spaces: [
    {
      id: "adirik/OWL-ViT",
      description: "Type the objects you want to find and see OWL-ViT's boxes on your image.",
    },
    { id: "merve/Grounding_DINO_demo", description: "Text-prompted detection with Grounding DINO." },
  ],
  metrics: [
    {
      id: "mAP",
      description: "Mean average precision over classes and IoU thresholds, as in closed-set detection.",
    },
    {
      id: "APr",
      description: "Average precision on LVIS rare categories, the best indicator of open-vocabulary skill.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "zero-shot-object-detection-input.png" },
      { type: "text", label: "Labels", content: "house, red ball" },
    ],
    outputs: [{ type: "img", filename: "zero-shot-object-detection-output.png" }],
  },
  widgetModels: ["google/owlv2-base-patch16-ensemble"],
  libraries: ["transformers", "transformers.js"],
  about,
};
