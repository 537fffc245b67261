import type { TaskDataCustom } from "../task-data.js";
import { tableQuestionAnsweringAbout } from "./about.js";

export const tableQuestionAnsweringTask: TaskDataCustom = {
  summary:
    "Table question answering reads a table and a natural-language question and returns the answer, which may be a single cell, a list of cells or the result of an aggregation such as a sum or a count. It lets people query spreadsheets and small databases without writing SQL.",
  datasets: [
    {
      id: "Stanford/wikitablequestions",
      description: "Trivia-style questions over about two thousand semi-structured Wikipedia tables.",
    },
    {
      id: "Salesforce/wikisql",
      description: "Questions paired with the SQL query that answers them over a Wikipedia table.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Table",
        content:
          "City | Country | Population (M)\nLagos | Nigeria | 15.9\nCairo | Egypt | 22.6\nKinshasa | DR Congo | 17.0",
      },
      { type: "text", label: "Question", content: "Which city has the largest population?" },
    ],
    outputs: [{ type: "text", label: "Answer", content: "Cairo" }],
  },
  metrics: [
    {
      id: "denotation_accuracy",
      description:
        "Counts an answer as right when the value it produces equals the reference value, however it was derived.",
    },
    {
      id: "exact_match",
      description:
        "Counts an answer as right only when the predicted string matches the reference after normalisation.",
    },
  ],
  models: [
    {
      id: "google/tapas-base-finetuned-wtq",
      description:
        "TAPAS encoder that selects cells and an aggregation operator; tuned on WikiTableQuestions.",
    },
    {
      id: "google/tapas-large-finetuned-wtq",
      description: "Larger TAPAS variant with better accuracy on compositional questions.",
    },
    {
      id: "microsoft/tapex-large-finetuned-wtq",
      description:
        "TAPEX seq2seq model pre-trained to imitate a SQL executor, then tuned on WikiTableQuestions.",
    },
  ],
  spaces: [
    { id: "katanaml/table-query", description: "Upload a CSV file and ask questions about its rows." },
    {
      id: "jskinner215/TAPASxHF2",
      description:
        "Community app that indexes uploaded CSV files and answers questions over them with TAPAS.",
    },
  ],
  widgetModels: ["google/tapas-base-finetuned-wtq"],
  libraries: ["transformers"],
  about: tableQuestionAnsweringAbout,
};
