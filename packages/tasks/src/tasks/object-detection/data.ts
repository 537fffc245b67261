import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const objectDetectionTask: TaskDataCustom = {
  summary:
    "Object detection finds the objects in an image and returns, for each one, a bounding box, a class label and a confidence score. It powers counting, tracking and safety systems wherever location matters as much as identity.",
  datasets: [
    {
      id: "detection-datasets/coco",
      description:
        "COCO images with boxes for 80 everyday object categories, the standard detection benchmark.",
    },
    {
      id: "rishitdagli/cppe-5",
      description: "About a thousand photos of medical personal protective equipment with box annotations.",
    },
  ],
  models: [
    {
      id: "facebook/detr-resnet-50",
      description:
        "The original end-to-end detection transformer with a ResNet-50 backbone, trained on COCO.",
    },
    {
      id: "PekingU/rtdetr_r50vd",
      description: "Real-time detection transformer that rivals YOLO speed without non-maximum suppression.",
    },
  ],
  spaces: [
    {
      id: "Ultralytics/YOLOv8",
      description: "Try Ultralytics YOLO detection on your own images in the browser.",
    },
    { id: "jameslahm/YOLOv10", description: "Demo of YOLOv10, an NMS-free real-time detector." },
  ],
  metrics: [
    {
      id: "mAP",
      description:
        "Mean average precision over classes, averaged over IoU thresholds from 0.5 to 0.95 (COCO style).",
    },
    {
      id: "AP50",
      description: "Average precision when a prediction counts as correct at an IoU of at least 0.5.",
    },
    {
      id: "IoU",
      description:
        "Intersection over union: overlap area of predicted and true boxes divided by their combined area.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "object-detection-input.png" }],
    outputs: [{ type: "img", filename: "object-detection-output.png" }],
  },
  widgetModels: ["facebook/detr-resnet-50"],
  libraries: ["transformers", "transformers.js", "ultralytics", "yolov10", "timm"],
  about,
};
