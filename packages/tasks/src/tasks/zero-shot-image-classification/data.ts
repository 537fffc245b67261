import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const zeroShotImageClassificationTask: TaskDataCustom = {
  summary:
    "Zero-shot image classification sorts an image into categories written as free text at inference time, with no task-specific training. Image and label texts are embedded in a shared space and the closest labels win.",
  datasets: [
    {
      id: "clip-benchmark/wds_imagenet1k",
      description: "ImageNet validation images packaged for zero-shot evaluation of image–text models.",
    },
    {
      id: "ethz/food101",
      description: "A hundred and one dishes, a common zero-shot transfer test for CLIP-style models.",
    },
  ],
  models: [
    {
      id: "openai/clip-vit-base-patch32",
      description: "The original CLIP ViT-B/32, a fast and widely used zero-shot baseline.",
    },
    {
      id: "openai/clip-vit-large-patch14",
      description: "Larger CLIP with higher accuracy and finer visual detail.",
    },
    {
      id: "google/siglip-so400m-patch14-384",
      description: "SigLIP trained with a sigmoid loss, scoring every label independently.",
    },
  ],
  spaces: [
    {
      id: "merve/compare_clip_siglip",
      description: "Run CLIP and SigLIP on the same image and labels to compare their scores.",
    },
    {
      id: "pharmapsychotic/CLIP-Interrogator",
      description: "Ranks thousands of descriptive phrases against an image with CLIP to build a prompt.",
    },
  ],
  metrics: [
    { id: "zero-shot accuracy", description: "Top-1 accuracy when labels are given only as text prompts." },
    {
      id: "top-5 accuracy",
      description: "Whether the correct label is among the five closest text prompts.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "zero-shot-image-classification-input.png" },
      { type: "text", label: "Candidate labels", content: "countryside, city street, beach, office" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "countryside", score: 0.9 },
          { label: "beach", score: 0.05 },
          { label: "city street", score: 0.03 },
          { label: "office", score: 0.02 },
        ],
      },
    ],
  },
  widgetModels: ["openai/clip-vit-base-patch32"],
  libraries: ["transformers", "transformers.js", "open_clip"],
  about,
};
