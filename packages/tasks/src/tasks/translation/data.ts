import type { TaskDataCustom } from "../task-data.js";
import { translationAbout } from "./about.js";

export const translationTask: TaskDataCustom = {
  summary:
    "Translation rewrites text from one language into another while keeping its meaning, tone and formatting. Models range from small pair-specific systems to single multilingual models covering two hundred languages and general-purpose LLMs that translate on request.",
  datasets: [
    {
      id: "wmt/wmt14",
      description:
        "News translation benchmark from the 2014 WMT shared task (English with German, French and more).",
    },
    {
      id: "openlanguagedata/flores_plus",
      description:
        "The same sentences professionally translated into 200+ languages, for many-to-many evaluation.",
    },
    {
      id: "Helsinki-NLP/opus-100",
      description: "English-centric parallel corpus sampled from OPUS with one hundred languages.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "English",
        content: "Please keep your ticket until the end of the journey.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "French",
        content: "Veuillez conserver votre billet jusqu'à la fin du trajet.",
      },
    ],
  },
  metrics: [
    {
      id: "sacrebleu",
      description:
        "BLEU computed with a fixed tokenisation so scores are comparable across papers; measures n-gram overlap with references.",
    },
    {
      id: "chrf",
      description: "Character n-gram F-score; kinder to morphologically rich languages than word-level BLEU.",
    },
    {
      id: "comet",
      description:
        "Learned metric that rates a translation using a neural model trained on human quality judgements.",
    },
  ],
  models: [
    {
      id: "facebook/nllb-200-distilled-600M",
      description: "Distilled No Language Left Behind model translating between 200 languages.",
    },
    {
      id: "Helsinki-NLP/opus-mt-en-de",
      description: "Small Marian model dedicated to English→German; fast enough for CPU batch jobs.",
    },
    {
      id: "facebook/m2m100_418M",
      description:
        "Many-to-many model that translates directly between 100 languages without pivoting through English.",
    },
    {
      id: "google-t5/t5-base",
      description: "Text-to-text model that handles a few European pairs via task prefixes.",
    },
  ],
  spaces: [
    { id: "UNESCO/nllb", description: "Web translator built on NLLB covering two hundred languages." },
    {
      id: "facebook/seamless-m4t-v2-large",
      description: "Demo of SeamlessM4T v2 for text and speech translation in both directions.",
    },
  ],
  widgetModels: ["Helsinki-NLP/opus-mt-en-de"],
  libraries: ["transformers", "transformers.js", "fairseq"],
  about: translationAbout,
};
