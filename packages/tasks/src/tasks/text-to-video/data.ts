import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const textToVideoTask: TaskDataCustom = {
  summary:
    "Text-to-video models generate a short video clip from a written prompt. They extend image diffusion with a time dimension so that objects, lighting and camera motion stay coherent across frames.",
  datasets: [
    {
      id: "TempoFunk/webvid-10M",
      description:
        "Millions of stock-video clips with short descriptions, long used for video–text training.",
    },
    {
      id: "nkp37/OpenVid-1M",
      description: "A curated million-clip collection with detailed captions for text-to-video training.",
    },
  ],
  models: [
    {
      id: "Wan-AI/Wan2.1-T2V-1.3B-Diffusers",
      description: "Small Wan 2.1 text-to-video model that fits on consumer GPUs.",
    },
    {
      id: "THUDM/CogVideoX-5b",
      description:
        "CogVideoX 5B, generating six-second clips with a 3D causal VAE and an expert transformer.",
    },
    {
      id: "Lightricks/LTX-Video",
      description: "Real-time-oriented video diffusion transformer for text and image prompts.",
    },
  ],
  spaces: [
    {
      id: "Wan-AI/Wan2.1",
      description: "Official Wan 2.1 playground for text- and image-to-video generation.",
    },
    {
      id: "Lightricks/ltx-video-distilled",
      description: "Generate clips from a prompt in seconds with distilled LTX-Video.",
    },
  ],
  metrics: [
    {
      id: "FVD",
      description: "Fréchet Video Distance between generated and real clip features; lower is better.",
    },
    {
      id: "CLIP similarity",
      description: "Average agreement between the prompt and each generated frame in CLIP space.",
    },
    {
      id: "VBench",
      description:
        "Suite of automatic checks covering motion smoothness, flicker, subject consistency and aesthetics.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Prompt",
        content: "A lighthouse at sunset while the tide slowly rises, static camera",
      },
    ],
    outputs: [{ type: "img", filename: "text-to-video-output.png" }],
  },
  widgetModels: ["Wan-AI/Wan2.1-T2V-1.3B-Diffusers"],
  libraries: ["diffusers"],
  about,
};
