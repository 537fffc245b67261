import type { TaskDataCustom } from "../task-data.js";
import { questionAnsweringAbout } from "./about.js";

export const questionAnsweringTask: TaskDataCustom = {
  summary:
    "Question answering models find the answer to a question inside a passage you supply, returning the exact span and a confidence score. This extractive setup is fast, cheap and easy to audit because every answer points back to its source text.",
  datasets: [
    {
      id: "rajpurkar/squad_v2",
      description:
        "Crowd-written questions on Wikipedia paragraphs, including questions that have no answer in the text.",
    },
    {
      id: "google-research-datasets/natural_questions",
      description: "Real search-engine questions paired with the Wikipedia page that answers them.",
    },
    {
      id: "rajpurkar/squad",
      description: "The original SQuAD: more than 100,000 answerable questions on Wikipedia.",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Question", content: "How long is the warranty on refurbished laptops?" },
      {
        type: "text",
        label: "Context",
        content:
          "New laptops include a two-year warranty. Refurbished laptops are covered for twelve months, and accessories for ninety days.",
      },
    ],
    outputs: [{ type: "text", label: "Answer", content: "twelve months" }],
  },
  metrics: [
    {
      id: "exact_match",
      description:
        "1 when the predicted span equals a reference answer after lower-casing and stripping punctuation and articles, otherwise 0.",
    },
    {
      id: "f1",
      description:
        "Word-overlap F1 between prediction and reference, which gives partial credit for nearly right spans.",
    },
  ],
  models: [
    {
      id: "deepset/roberta-base-squad2",
      description: "RoBERTa tuned on SQuAD 2.0; a dependable default that can also say 'no answer'.",
    },
    {
      id: "distilbert/distilbert-base-cased-distilled-squad",
      description: "Distilled model that keeps most of BERT's SQuAD accuracy at a fraction of the cost.",
    },
    {
      id: "deepset/deberta-v3-large-squad2",
      description: "Larger DeBERTa-v3 reader for when accuracy matters more than speed.",
    },
  ],
  spaces: [
    {
      id: "anakin87/who-killed-laura-palmer",
      description: "Extractive QA over a Twin Peaks fan wiki, built with a retriever-reader pipeline.",
    },
    {
      id: "deepset/wikipedia-assistant",
      description: "Assistant that answers questions grounded in Wikipedia articles.",
    },
  ],
  widgetModels: ["deepset/roberta-base-squad2"],
  youtubeId: "ajPx5LwJD-I",
  libraries: ["transformers", "transformers.js", "paddlenlp", "adapter-transformers"],
  about: questionAnsweringAbout,
};
