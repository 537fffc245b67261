import type { TaskDataCustom } from "../task-data.js";
import { textClassificationAbout } from "./about.js";

export const textClassificationTask: TaskDataCustom = {
  summary:
    "Text classification assigns one or more labels from a fixed set to a piece of text. The same recipe covers sentiment, topic, intent, toxicity, language identification and natural language inference, so it is usually the first model a product team ships.",
  datasets: [
    {
      id: "stanfordnlp/imdb",
      description: "Fifty thousand movie reviews split evenly into positive and negative ones.",
    },
    {
      id: "nyu-mll/glue",
      description: "Nine sentence and sentence-pair benchmarks, from acceptability to entailment.",
    },
    {
      id: "dair-ai/emotion",
      description: "English tweets tagged with one of six basic emotions such as joy or fear.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content: "The battery lasts two full days and the screen is gorgeous, but the speaker crackles.",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "POSITIVE", score: 0.81 },
          { label: "NEGATIVE", score: 0.19 },
        ],
      },
    ],
  },
  metrics: [
    { id: "accuracy", description: "Share of examples whose predicted label equals the reference label." },
    {
      id: "f1",
      description:
        "Harmonic mean of precision and recall; use the macro average when some classes are rare so they count as much as frequent ones.",
    },
    {
      id: "precision",
      description: "Of everything the model put in a class, the fraction that truly belongs there.",
    },
    {
      id: "recall",
      description: "Of everything that truly belongs to a class, the fraction the model found.",
    },
  ],
  models: [
    {
      id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
      description: "Compact English sentiment classifier tuned on movie-review sentences; fast on CPU.",
    },
    {
      id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
      description: "Three-way sentiment (negative, neutral, positive) tuned on a large corpus of tweets.",
    },
    { id: "ProsusAI/finbert", description: "Sentiment model for financial news and analyst language." },
    {
      id: "papluca/xlm-roberta-base-language-detection",
      description: "Identifies which of twenty languages a sentence is written in.",
    },
  ],
  spaces: [
    {
      id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
      description: "Interactive page for scoring the sentiment of social-media posts.",
    },
    {
      id: "openai/openai-detector",
      description: "Classifier that estimates whether a passage was written by GPT-2.",
    },
  ],
  widgetModels: ["distilbert/distilbert-base-uncased-finetuned-sst-2-english"],
  libraries: ["transformers", "transformers.js", "setfit", "fasttext", "spacy", "flair"],
  about: textClassificationAbout,
};
