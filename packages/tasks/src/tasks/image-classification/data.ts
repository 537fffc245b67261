import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageClassificationTask: TaskDataCustom = {
  summary:
    "Image classification gives a whole picture one label (or several) from a fixed list, together with a confidence score per label. It is the workhorse of computer vision, from sorting photos to spotting defects.",
  datasets: [
    {
      id: "ILSVRC/imagenet-1k",
      description: "The classic 1,000-category benchmark with about 1.3 million training photos.",
    },
    {
      id: "uoft-cs/cifar10",
      description: "Sixty thousand tiny 32×32 images in ten everyday classes, ideal for quick experiments.",
    },
    {
      id: "ethz/food101",
      description: "Photos of 101 dishes, useful for fine-grained fine-tuning exercises.",
    },
  ],
  models: [
    {
      id: "google/vit-base-patch16-224",
      description:
        "Vision Transformer pretrained on ImageNet-21k and fine-tuned on the 1,000 ImageNet classes.",
    },
    {
      id: "microsoft/resnet-50",
      description: "The widely used 50-layer residual network, a dependable convolutional baseline.",
    },
    {
      id: "timm/mobilenetv3_large_100.ra_in1k",
      description: "Small and fast MobileNetV3 from timm, suited to phones and edge devices.",
    },
    {
      id: "facebook/convnextv2-tiny-22k-224",
      description: "Modern convolutional network pretrained with masked autoencoding, strong for its size.",
    },
  ],
  spaces: [
    { id: "pytorch/ResNet", description: "Upload a picture and see the top ImageNet guesses of a ResNet." },
    {
      id: "nielsr/perceiver-image-classification",
      description: "Image classification with the Perceiver architecture, which attends to raw pixels.",
    },
  ],
  metrics: [
    { id: "accuracy", description: "Fraction of images whose top predicted label matches the true label." },
    {
      id: "top-5 accuracy",
      description: "Fraction of images whose true label is among the five highest-scoring guesses.",
    },
    {
      id: "f1",
      description: "Harmonic mean of precision and recall, averaged over classes; robust to class imbalance.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-classification-input.png" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "tabby cat", score: 0.71 },
          { label: "tiger cat", score: 0.17 },
          { label: "Egyptian cat", score: 0.06 },
          { label: "lynx", score: 0.02 },
        ],
      },
    ],
  },
  widgetModels: ["google/vit-base-patch16-224"],
  libraries: ["transformers", "transformers.js", "timm", "keras-hub", "mlx-image"],
  about,
};
