import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const depthEstimationTask: TaskDataCustom = {
  summary:
    "Depth estimation predicts, for every pixel of a single photo, how far away the visible surface is. The result is a depth map that can drive 3D effects, scene understanding or image generators without any extra sensor.",
  datasets: [
    {
      id: "sayakpaul/nyu_depth_v2",
      description: "Indoor RGB frames captured with a Kinect, paired with dense measured depth.",
    },
    {
      id: "depth-anything/DA-2K",
      description:
        "Pairs of points in diverse photos annotated with which point is closer, for judging relative depth.",
    },
  ],
  models: [
    {
      id: "depth-anything/Depth-Anything-V2-Small-hf",
      description:
        "Compact relative-depth model that runs comfortably on a CPU and generalises to almost any photo.",
    },
    {
      id: "Intel/dpt-large",
      description: "Dense Prediction Transformer trained on a mix of depth datasets; a well-known baseline.",
    },
    {
      id: "apple/DepthPro-hf",
      description:
        "Metric depth with sharp object boundaries, predicting absolute distances without camera intrinsics.",
    },
  ],
  spaces: [
    {
      id: "depth-anything/Depth-Anything-V2",
      description: "Upload a photo and compare the colourised and grayscale depth maps side by side.",
    },
    {
      id: "prs-eth/marigold",
      description: "Diffusion-based depth estimation demo that also exports 3D-printable relief meshes.",
    },
  ],
  metrics: [
    {
      id: "absrel",
      description:
        "Absolute relative error: the mean of |predicted − true| / true over valid pixels; lower is better.",
    },
    {
      id: "rmse",
      description:
        "Root mean squared error between predicted and measured depth, in metres for metric models.",
    },
    {
      id: "delta1",
      description:
        "Share of pixels whose ratio between prediction and ground truth is below 1.25; higher is better.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "depth-estimation-input.png" }],
    outputs: [{ type: "img", filename: "depth-estimation-output.png" }],
  },
  widgetModels: ["depth-anything/Depth-Anything-V2-Small-hf"],
  libraries: ["transformers", "transformers.js", "depth-anything-v2", "depth-pro"],
  about,
};
