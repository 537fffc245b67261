import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const keypointDetectionTask: TaskDataCustom = {
  summary:
    "Keypoint detection finds specific points in an image: body joints for pose estimation, facial landmarks, or distinctive interest points used to match views of the same scene.",
  datasets: [
    {
      id: "whyen-wang/coco_keypoints",
      description: "COCO person instances with 17 annotated body keypoints and visibility flags.",
    },
    {
      id: "huuthientran/KeypointEstimation",
      description: "Pose data drawn from COCO and AP-10K, covering humans and animals.",
    },
  ],
  models: [
    {
      id: "usyd-community/vitpose-base-simple",
      description: "ViTPose base: a plain vision transformer predicting 17 body keypoints per person box.",
    },
    {
      id: "magic-leap-community/superpoint",
      description: "SuperPoint self-supervised interest-point detector with descriptors for image matching.",
    },
    {
      id: "ETH-CVG/lightglue_superpoint",
      description: "LightGlue matcher paired with SuperPoint keypoints for fast, accurate correspondences.",
    },
  ],
  spaces: [
    { id: "hysts/ViTPose-transformers", description: "Detect people and draw their skeletons with ViTPose." },
    {
      id: "ETH-CVG/LightGlue",
      description: "Match keypoints between two photos and visualise the correspondences.",
    },
  ],
  metrics: [
    {
      id: "AP (OKS)",
      description:
        "Average precision using Object Keypoint Similarity, which scales keypoint errors by object size.",
    },
    {
      id: "PCK",
      description: "Percentage of correct keypoints within a distance threshold of the ground truth.",
    },
    {
      id: "repeatability",
      description: "For interest points, how often the same points are found again in a transformed view.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "keypoint-detection-input.png" }],
    outputs: [{ type: "img", filename: "keypoint-detection-output.png" }],
  },
  widgetModels: ["usyd-community/vitpose-base-simple"],
  libraries: ["transformers", "ultralytics", "lightglue"],
  about,
};
