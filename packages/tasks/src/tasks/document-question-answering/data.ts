import type { TaskDataCustom } from "../task-data.js";
import { about } from "./about.js";

export const documentQuestionAnsweringTask: TaskDataCustom = {
  summary:
    "Document question answering answers questions about scanned or photographed documents such as invoices, forms and reports. Models use both the words and their position on the page to find the answer.",
  datasets: [
    {
      id: "lmms-lab/DocVQA",
      description: "The DocVQA benchmark: questions over industry document scans, packaged for evaluation.",
    },
    {
      id: "nielsr/docvqa_1200_examples",
      description:
        "A 1,200-example DocVQA subset with OCR words and boxes, convenient for fine-tuning demos.",
    },
  ],
  models: [
    {
      id: "impira/layoutlm-document-qa",
      description: "LayoutLM fine-tuned for extractive question answering over OCR-ed documents.",
    },
    {
      id: "naver-clova-ix/donut-base-finetuned-docvqa",
      description: "Donut, an OCR-free encoder-decoder that reads the page image and writes the answer.",
    },
  ],
  spaces: [
    {
      id: "impira/docquery",
      description: "Ask questions about uploaded PDFs and images with several document QA models.",
    },
    {
      id: "Qwen/Qwen2.5-VL",
      description: "Vision-language demo that reads documents and answers questions about them.",
    },
  ],
  metrics: [
    {
      id: "ANLS",
      description: "Average normalised Levenshtein similarity; near-miss strings get partial credit.",
    },
    { id: "exact match", description: "Share of answers that match the reference string exactly." },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "document-question-answering-input.png" },
      { type: "text", label: "Question", content: "What is the total amount due?" },
    ],
    outputs: [{ type: "text", label: "Answer", content: "$1,284.50" }],
  },
  widgetModels: ["impira/layoutlm-document-qa"],
  libraries: ["transformers", "transformers.js"],
  about,
};
