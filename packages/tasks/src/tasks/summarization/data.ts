import type { TaskDataCustom } from "../task-data.js";
import { summarizationAbout } from "./about.js";

export const summarizationTask: TaskDataCustom = {
  summary:
    "Summarization condenses a long text into a short one that keeps the key points. Abstractive models write new sentences rather than copying them, which reads naturally but needs checking for facts the source never stated.",
  datasets: [
    {
      id: "abisee/cnn_dailymail",
      description: "News articles paired with the bullet-point highlights written by the journalists.",
    },
    {
      id: "EdinburghNLP/xsum",
      description: "BBC articles with a single-sentence summary: very abstractive.",
    },
    {
      id: "Samsung/samsum",
      description: "Messenger-style chats with a short third-person summary of each one.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Article",
        content:
          "The city council voted on Tuesday to extend the bike-lane network by 40 kilometres over the next three years. Funding comes from a regional climate grant, and construction on the first stretch, along the river, starts in spring. Shop owners on Market Street asked for loading zones to be kept, and the council agreed to review the plans with them.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Summary",
        content:
          "The council approved 40 km of new bike lanes over three years, funded by a climate grant, starting by the river in spring.",
      },
    ],
  },
  metrics: [
    {
      id: "rouge",
      description:
        "Overlap of unigrams (ROUGE-1), bigrams (ROUGE-2) and longest common subsequence (ROUGE-L) with reference summaries.",
    },
    {
      id: "bertscore",
      description: "Similarity of contextual embeddings between summary and reference; credits paraphrases.",
    },
  ],
  models: [
    {
      id: "facebook/bart-large-cnn",
      description: "BART-large tuned on CNN/DailyMail; produces multi-sentence news summaries.",
    },
    {
      id: "google/pegasus-xsum",
      description: "PEGASUS model that writes one-sentence, highly compressed summaries.",
    },
    {
      id: "philschmid/bart-large-cnn-samsum",
      description: "BART tuned on dialogue, for turning chat logs and meeting notes into recaps.",
    },
  ],
  spaces: [
    {
      id: "pszemraj/document-summarization",
      description: "Summarise long documents and PDFs with long-context summarisation models.",
    },
    {
      id: "deepset/hackernews-summaries",
      description: "App that fetches Hacker News posts and summarises the linked articles.",
    },
  ],
  widgetModels: ["facebook/bart-large-cnn"],
  libraries: ["transformers", "transformers.js"],
  about: summarizationAbout,
};
