import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const videoToVideoTask: TaskDataCustom = {
  summary:
    "Video-to-video models transform an existing clip into a new one that keeps its timing and structure: restyled, restored, upscaled or with objects edited. Keeping frames consistent over time is the key difficulty.",
  datasets: [
    {
      id: "HuggingFaceFV/finevideo",
      description:
        "Diverse YouTube videos with detailed annotations, a source of clips for editing research.",
    },
    {
      id: "nkp37/OpenVid-1M",
      description: "A million captioned clips usable for training and testing video editing models.",
    },
  ],
  models: [
    {
      id: "Wan-AI/Wan2.1-VACE-1.3B-diffusers",
      description:
        "Wan 2.1 VACE: one model for reference-, mask- and control-video based creation and editing.",
    },
    {
      id: "Lightricks/LTX-Video",
      description:
        "Video transformer that can be conditioned on existing frames for extension and restyling.",
    },
  ],
  spaces: [
    {
      id: "fffiloni/Pix2Pix-Video",
      description: "Apply an InstructPix2Pix edit to every frame of an uploaded video.",
    },
    {
      id: "fffiloni/ControlNet-Video",
      description: "Restyle a clip while keeping its structure with ControlNet conditions per frame.",
    },
  ],
  metrics: [
    {
      id: "warping error",
      description:
        "Difference between a frame and its optical-flow-warped neighbour; lower means less flicker.",
    },
    { id: "CLIP score", description: "How well the edited frames match the edit prompt." },
    { id: "FVD", description: "Fréchet Video Distance to real footage." },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "video-to-video-input.png" },
      { type: "text", label: "Prompt", content: "The same garden in a snowy winter" },
    ],
    outputs: [{ type: "img", filename: "video-to-video-output.png" }],
  },
  widgetModels: ["Wan-AI/Wan2.1-VACE-1.3B-diffusers"],
  libraries: ["diffusers"],
  about,
};
