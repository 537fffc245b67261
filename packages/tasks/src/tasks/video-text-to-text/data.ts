import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const videoTextToTextTask: TaskDataCustom = {
  summary:
    "Video-text-to-text models watch a clip and answer a text prompt about it: summaries, descriptions of actions, timestamps or answers to questions. They sample frames over time and feed them to a language model.",
  datasets: [
    {
      id: "lmms-lab/Video-MME",
      description: "Multiple-choice questions over short, medium and long videos across many domains.",
    },
    {
      id: "lmms-lab/LLaVA-Video-178K",
      description: "Synthetic captions and question–answer pairs for instruction-tuning video models.",
    },
  ],
  models: [
    {
      id: "llava-hf/LLaVA-NeXT-Video-7B-hf",
      description: "LLaVA-NeXT tuned for video, answering questions about sampled frames.",
    },
    {
      id: "HuggingFaceTB/SmolVLM2-2.2B-Instruct",
      description: "Compact model that understands both images and short videos.",
    },
    {
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
      description: "Vision-language model with dynamic frame rate and temporal grounding for long videos.",
    },
  ],
  spaces: [
    { id: "HuggingFaceTB/SmolVLM2", description: "Upload a short video and chat with SmolVLM2 about it." },
    { id: "Qwen/Qwen2.5-VL", description: "Ask Qwen2.5-VL about images and videos in one conversation." },
  ],
  metrics: [
    { id: "accuracy", description: "Share of multiple-choice video questions answered correctly." },
    {
      id: "CIDEr",
      description: "Consensus-weighted n-gram agreement of generated video captions with references.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "video-text-to-text-input.png" },
      { type: "text", label: "Question", content: "What moves in this clip, and in which direction?" },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content:
          "A red ball rolls from the middle of the lawn towards the right edge; the house and the tree stay still.",
      },
    ],
  },
  widgetModels: ["llava-hf/LLaVA-NeXT-Video-7B-hf"],
  libraries: ["transformers"],
  about,
};
