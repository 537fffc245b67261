import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const videoClassificationTask: TaskDataCustom = {
  summary:
    "Video classification assigns labels to a whole clip, typically the action or activity it shows. Models look at several frames at once so they can tell apart actions that only differ in their motion.",
  datasets: [
    {
      id: "HuggingFaceM4/kinetics",
      description: "YouTube clips of hundreds of human actions, from playing instruments to sports.",
    },
    {
      id: "sayakpaul/ucf101-subset",
      description: "A small slice of the UCF-101 action dataset, handy for fine-tuning tutorials.",
    },
  ],
  models: [
    {
      id: "MCG-NJU/videomae-base-finetuned-kinetics",
      description: "VideoMAE pretrained with masked autoencoding and fine-tuned on Kinetics-400 actions.",
    },
    {
      id: "facebook/timesformer-base-finetuned-k400",
      description: "TimeSformer, which factorises attention over space and time, fine-tuned on Kinetics-400.",
    },
  ],
  spaces: [
    {
      id: "sayakpaul/video-classification-ucf101-subset",
      description: "Classify a short clip with a VideoMAE fine-tuned on UCF-101 actions.",
    },
    {
      id: "fcakyon/video-classification",
      description: "Compare predictions of several video classifiers on an uploaded clip.",
    },
  ],
  metrics: [
    { id: "accuracy", description: "Share of clips whose top prediction is the correct action." },
    {
      id: "top-5 accuracy",
      description: "Share of clips whose correct action is among the five best-scored labels.",
    },
    { id: "mAP", description: "Mean average precision, used when a clip can carry several labels." },
  ],
  demo: {
    inputs: [{ type: "img", filename: "video-classification-input.png" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "kicking a ball", score: 0.64 },
          { label: "juggling a ball", score: 0.18 },
          { label: "playing volleyball", score: 0.09 },
        ],
      },
    ],
  },
  widgetModels: ["MCG-NJU/videomae-base-finetuned-kinetics"],
  libraries: ["transformers"],
  about,
};
