import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageFeatureExtractionTask: TaskDataCustom = {
  summary:
    "Image feature extraction converts a picture into numeric vectors that capture its visual content. Similar images get nearby vectors, which makes them the basis for search, clustering and light classifiers.",
  datasets: [
    {
      id: "ILSVRC/imagenet-1k",
      description: "The usual yardstick for feature quality through linear-probe and k-NN accuracy.",
    },
    {
      id: "ethz/food101",
      description: "Fine-grained dishes, a good test of whether embeddings separate similar-looking classes.",
    },
  ],
  models: [
    {
      id: "facebook/dinov2-base",
      description: "Self-supervised DINOv2 ViT-B/14 whose features work well without fine-tuning.",
    },
    {
      id: "facebook/dinov3-vitb16-pretrain-lvd1689m",
      description: "DINOv3 ViT-B/16 with strong dense patch features for retrieval and segmentation.",
    },
    {
      id: "google/vit-base-patch16-224-in21k",
      description: "ViT-B/16 pretrained on ImageNet-21k, a general backbone for transfer learning.",
    },
  ],
  spaces: [
    {
      id: "webml-community/dinov3-web",
      description: "Visualise DINOv3 patch similarities live in the browser.",
    },
    {
      id: "timm/leaderboard",
      description: "Compare accuracy and speed of hundreds of timm backbones before picking one.",
    },
  ],
  metrics: [
    {
      id: "linear probe accuracy",
      description: "Accuracy of a linear classifier trained on frozen features.",
    },
    {
      id: "k-NN accuracy",
      description:
        "Accuracy when each image takes the majority label of its nearest neighbours in feature space.",
    },
    {
      id: "recall@k",
      description: "For retrieval, whether a correct match appears among the k nearest results.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-feature-extraction-input.png" }],
    outputs: [
      {
        type: "text",
        label: "Embedding (768 values, first eight shown)",
        content: "[0.412, -1.087, 0.233, 0.958, -0.301, 0.074, -0.665, 1.219, …]",
      },
    ],
  },
  widgetModels: ["facebook/dinov2-base"],
  libraries: ["transformers", "transformers.js", "timm", "open_clip"],
  about,
};
