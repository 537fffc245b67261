import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageToVideoTask: TaskDataCustom = {
  summary:
    "Image-to-video models animate a still picture into a short clip that starts from it. They invent plausible motion, such as moving water, swaying trees or a slow camera move, while keeping the look of the input.",
  datasets: [
    {
      id: "nkp37/OpenVid-1M",
      description:
        "About a million high-quality video clips with captions, collected for training video generators.",
    },
    {
      id: "TempoFunk/webvid-10M",
      description: "Metadata for millions of short stock-footage clips paired with their descriptions.",
    },
  ],
  models: [
    {
      id: "stabilityai/stable-video-diffusion-img2vid-xt",
      description: "Stable Video Diffusion XT, generating 25 frames from a single conditioning image.",
    },
    {
      id: "Wan-AI/Wan2.1-I2V-14B-480P-Diffusers",
      description: "Large Wan 2.1 image-to-video model at 480p, steerable with a text prompt.",
    },
    {
      id: "Lightricks/LTX-Video",
      description: "Fast DiT-based video model that accepts an image as its first frame.",
    },
  ],
  spaces: [
    {
      id: "multimodalart/stable-video-diffusion",
      description: "Upload an image and get a short animated clip from Stable Video Diffusion.",
    },
    {
      id: "Lightricks/ltx-video-distilled",
      description: "Quick image- or text-conditioned clips with a distilled LTX-Video model.",
    },
  ],
  metrics: [
    {
      id: "FVD",
      description: "Fréchet Video Distance between features of generated and real clips; lower is better.",
    },
    {
      id: "first-frame fidelity",
      description: "Similarity between the conditioning image and the first generated frame.",
    },
    {
      id: "temporal consistency",
      description: "How stable identities, colours and textures stay from frame to frame.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "image-to-video-input.png" }],
    outputs: [{ type: "img", filename: "image-to-video-output.png" }],
  },
  widgetModels: ["stabilityai/stable-video-diffusion-img2vid-xt"],
  libraries: ["diffusers"],
  about,
};
