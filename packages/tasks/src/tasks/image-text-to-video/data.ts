import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageTextToVideoTask: TaskDataCustom = {
  summary:
    "Image-text-to-video models animate a starting image according to a text prompt that describes the motion. Appearance comes from the picture, movement and camera work from the words.",
  datasets: [
    {
      id: "nkp37/OpenVid-1M",
      description:
        "High-quality captioned clips, used to train image- and text-conditioned video generators.",
    },
    {
      id: "HuggingFaceFV/finevideo",
      description: "Tens of thousands of YouTube videos with rich scene-level and narrative annotations.",
    },
  ],
  models: [
    {
      id: "Wan-AI/Wan2.1-I2V-14B-480P-Diffusers",
      description: "Wan 2.1 image-to-video at 480p, guided by a text prompt.",
    },
    {
      id: "THUDM/CogVideoX-5b-I2V",
      description: "CogVideoX variant that starts from an image and follows a motion prompt.",
    },
    {
      id: "Lightricks/LTX-Video",
      description: "Efficient video transformer accepting an image plus a text description.",
    },
  ],
  spaces: [
    { id: "Wan-AI/Wan2.1", description: "Animate an uploaded image with a prompt using Wan 2.1." },
    {
      id: "Lightricks/ltx-video-distilled",
      description: "Fast image-plus-prompt video generation with distilled LTX-Video.",
    },
  ],
  metrics: [
    { id: "FVD", description: "Fréchet Video Distance to real footage; lower is better." },
    {
      id: "image consistency",
      description: "How closely the generated frames keep the subject and style of the input image.",
    },
    {
      id: "prompt adherence",
      description: "Whether the requested motion happens, judged by CLIP similarity or human raters.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "image-text-to-video-input.png" },
      { type: "text", label: "Prompt", content: "Night slowly falls while the ball rolls across the lawn." },
    ],
    outputs: [{ type: "img", filename: "image-text-to-video-output.png" }],
  },
  widgetModels: ["Wan-AI/Wan2.1-I2V-14B-480P-Diffusers"],
  libraries: ["diffusers"],
  about,
};
