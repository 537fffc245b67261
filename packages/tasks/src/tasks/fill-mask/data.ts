import type { TaskDataCustom } from "../task-data.js";
import { fillMaskAbout } from "./about.js";

export const fillMaskTask: TaskDataCustom = {
  summary:
    "Fill-mask models predict which words belong in the blanks of a sentence, using context on both sides. It is the objective encoder models such as BERT and RoBERTa are pre-trained with, and it makes a quick probe of what a model has learned.",
  datasets: [
    {
      id: "wikimedia/wikipedia",
      description: "Encyclopedia text in many languages, a staple of masked-LM pre-training.",
    },
    {
      id: "Salesforce/wikitext",
      description: "Good-quality Wikipedia articles kept with their original casing and numbers.",
    },
    {
      id: "HuggingFaceFW/fineweb-edu",
      description: "Large educational web corpus suitable for continued pre-training of encoders.",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Input", content: "The chef tasted the soup and added a pinch of [MASK]." },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "salt", score: 0.62 },
          { label: "pepper", score: 0.17 },
          { label: "sugar", score: 0.08 },
          { label: "garlic", score: 0.04 },
        ],
      },
    ],
  },
  metrics: [
    {
      id: "cross_entropy",
      description:
        "Average negative log-probability the model assigns to the true hidden tokens; lower is better.",
    },
    {
      id: "perplexity",
      description: "Exponential of the masked-token cross-entropy; roughly the effective branching factor.",
    },
    {
      id: "top_k_accuracy",
      description: "How often the hidden word appears among the model's k most probable candidates.",
    },
  ],
  models: [
    {
      id: "answerdotai/ModernBERT-base",
      description: "Modern encoder with an 8k-token context, trained on text and code.",
    },
    { id: "google-bert/bert-base-uncased", description: "The original lower-cased English BERT base model." },
    {
      id: "FacebookAI/roberta-base",
      description: "RoBERTa base, BERT trained longer on more data without NSP.",
    },
    {
      id: "FacebookAI/xlm-roberta-base",
      description: "Multilingual masked-LM covering one hundred languages with a shared vocabulary.",
    },
  ],
  spaces: [
    {
      id: "exbert-project/exbert",
      description:
        "Visual explorer that shows attention patterns and masked-token predictions of BERT-style models.",
    },
    {
      id: "ysdede/fill-mask-demo",
      description: "Browser demo that predicts masked words with several BERT and RoBERTa checkpoints.",
    },
  ],
  widgetModels: ["google-bert/bert-base-uncased", "answerdotai/ModernBERT-base"],
  libraries: ["transformers", "transformers.js"],
  about: fillMaskAbout,
};
