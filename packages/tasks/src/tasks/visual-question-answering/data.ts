import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const visualQuestionAnsweringTask: TaskDataCustom = {
  summary:
    "Visual question answering takes an image and a natural-language question about it and returns a short answer. It combines recognition, counting and simple reasoning over what is visible.",
  datasets: [
    {
      id: "HuggingFaceM4/VQAv2",
      description: "Open-ended questions about COCO images, each with ten human answers.",
    },
    {
      id: "HuggingFaceM4/A-OKVQA",
      description: "Questions that need commonsense or world knowledge beyond what the picture shows.",
    },
  ],
  models: [
    {
      id: "dandelin/vilt-b32-finetuned-vqa",
      description:
        "ViLT, a compact vision-and-language transformer that picks answers from a fixed vocabulary.",
    },
    {
      id: "Salesforce/blip-vqa-base",
      description: "BLIP model that generates free-form answers to questions about an image.",
    },
  ],
  spaces: [
    {
      id: "nielsr/vilt-vqa",
      description: "Ask ViLT questions about an uploaded image and see its ranked answers.",
    },
    { id: "Salesforce/BLIP2", description: "BLIP-2 demo for questions and conversations about a picture." },
  ],
  metrics: [
    {
      id: "VQA accuracy",
      description: "Full credit when at least three of the ten human annotators gave the predicted answer.",
    },
    { id: "exact match", description: "Share of answers identical to the reference after normalisation." },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "visual-question-answering-input.png" },
      { type: "text", label: "Question", content: "What colour is the ball?" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "red", score: 0.88 },
          { label: "orange", score: 0.06 },
          { label: "pink", score: 0.03 },
        ],
      },
    ],
  },
  widgetModels: ["dandelin/vilt-b32-finetuned-vqa"],
  libraries: ["transformers", "transformers.js"],
  about,
};
