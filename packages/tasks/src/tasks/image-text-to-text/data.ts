import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const imageTextToTextTask: TaskDataCustom = {
  summary:
    "Image-text-to-text models, or vision-language models, take images together with a text prompt and answer in free-form text. They can describe, compare, read and reason about pictures inside a chat.",
  datasets: [
    {
      id: "HuggingFaceM4/the_cauldron",
      description: "Fifty vision-language datasets converted into one instruction-tuning format.",
    },
    {
      id: "MMMU/MMMU",
      description:
        "College-level multiple-choice questions over charts, diagrams and photos across 30 subjects.",
    },
  ],
  models: [
    {
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
      description: "Strong general vision-language model that reads documents, charts and long videos.",
    },
    {
      id: "HuggingFaceTB/SmolVLM-Instruct",
      description: "Small, efficient VLM that runs on modest hardware for captioning and visual Q&A.",
    },
  ],
  spaces: [
    { id: "HuggingFaceTB/SmolVLM", description: "Chat with SmolVLM about one or several uploaded images." },
    { id: "Qwen/Qwen2.5-VL", description: "Official Qwen2.5-VL demo for image and document conversations." },
  ],
  metrics: [
    {
      id: "accuracy",
      description: "Share of benchmark questions answered correctly, e.g. on MMMU multiple-choice items.",
    },
    {
      id: "ANLS",
      description:
        "Average normalised Levenshtein similarity, giving partial credit for nearly right text answers.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "image-text-to-text-input.png" },
      { type: "text", label: "Prompt", content: "Describe this scene and suggest a title for it." },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content:
          'A small cottage with a red roof stands beside a leafy tree on a sunny afternoon, and a red ball waits on the lawn. Title idea: "Saturday in the Garden".',
      },
    ],
  },
  widgetModels: ["Qwen/Qwen2.5-VL-7B-Instruct"],
  libraries: ["transformers", "transformers.js", "mlx"],
  about,
};
