import type { TaskDataCustom } from "../task-data.js";
import { zeroShotClassificationAbout } from "./about.js";

export const zeroShotClassificationTask: TaskDataCustom = {
  summary:
    "Zero-shot classification sorts text into labels you choose at request time, without training on examples of those labels. Most models recast each candidate label as a hypothesis ('This text is about sports.') and score how strongly the text entails it.",
  datasets: [
    {
      id: "nyu-mll/multi_nli",
      description: "Premise/hypothesis pairs from ten genres labelled entailment, neutral or contradiction.",
    },
    {
      id: "stanfordnlp/snli",
      description: "Image-caption based inference pairs; the classic NLI training set.",
    },
    {
      id: "facebook/xnli",
      description: "MultiNLI development and test sets translated into fourteen languages.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Text",
        content: "The new firmware drains my watch battery by lunchtime and the app keeps logging me out.",
      },
      {
        type: "text",
        label: "Candidate labels",
        content: "hardware defect, software bug, shipping, billing",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "software bug", score: 0.74 },
          { label: "hardware defect", score: 0.2 },
          { label: "billing", score: 0.04 },
          { label: "shipping", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    {
      id: "accuracy",
      description: "Fraction of texts whose top-scoring candidate label is the correct one.",
    },
    {
      id: "f1",
      description:
        "Macro-averaged F1 over the candidate labels, the fairer number when labels are unbalanced.",
    },
  ],
  models: [
    {
      id: "facebook/bart-large-mnli",
      description: "BART-large tuned on MultiNLI; the long-standing default for English zero-shot labelling.",
    },
    {
      id: "MoritzLaurer/deberta-v3-large-zeroshot-v2.0",
      description:
        "DeBERTa-v3 trained on a broad mix of NLI and classification data reformulated as entailment.",
    },
    {
      id: "MoritzLaurer/mDeBERTa-v3-base-mnli-xnli",
      description: "Multilingual entailment model covering roughly a hundred languages.",
    },
  ],
  spaces: [
    {
      id: "joeddav/zero-shot-demo",
      description: "Type text and any list of labels to see entailment-based scores.",
    },
    {
      id: "knowledgator/GLiClass_SandBox",
      description: "Sandbox for GLiClass models, which score all labels in a single forward pass.",
    },
  ],
  widgetModels: ["facebook/bart-large-mnli"],
  libraries: ["transformers", "transformers.js"],
  about: zeroShotClassificationAbout,
};
