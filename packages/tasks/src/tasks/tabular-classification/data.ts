import type { TaskDataCustom } from "../task-data.js";
import { tabularClassificationAbout } from "./about.js";

export const tabularClassificationTask: TaskDataCustom = {
  summary:
    "Tabular classification predicts a category for each row of a table from its columns, such as whether a loan will default or which plan a customer will pick. Gradient-boosted trees are the workhorse, and pre-trained tabular foundation models now handle small datasets with no tuning at all.",
  datasets: [
    {
      id: "scikit-learn/adult-census-income",
      description: "US census records; predict whether a person's income exceeds $50K a year.",
    },
    {
      id: "scikit-learn/iris",
      description: "Four flower measurements for three iris species, the classic toy dataset.",
    },
    {
      id: "inria-soda/tabular-benchmark",
      description:
        "Curated classification and regression tables for comparing tree models and deep learning.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Row",
        content:
          "age: 37 · workclass: Private · education: Bachelors · hours-per-week: 45 · occupation: Exec-managerial",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: ">50K", score: 0.68 },
          { label: "<=50K", score: 0.32 },
        ],
      },
    ],
  },
  metrics: [
    { id: "accuracy", description: "Fraction of rows assigned the correct class." },
    {
      id: "roc_auc",
      description:
        "Probability that a random positive row is scored above a random negative one; threshold-free.",
    },
    {
      id: "log_loss",
      description: "Penalises confident wrong probabilities; measures calibration as well as ranking.",
    },
    { id: "f1", description: "Harmonic mean of precision and recall for the class you care about." },
  ],
  models: [
    {
      id: "Prior-Labs/TabPFN-v2-clf",
      description:
        "Pre-trained transformer that classifies small tables in one forward pass, no training loop.",
    },
    {
      id: "julien-c/wine-quality",
      description: "scikit-learn pipeline predicting wine quality grades from chemical measurements.",
    },
  ],
  spaces: [
    {
      id: "scikit-learn/baseline-trainer",
      description: "Upload a CSV and get a quick baseline classifier or regressor trained for you.",
    },
    {
      id: "scikit-learn/gradio-skops-integration",
      description: "Loads a scikit-learn model from the Hub and builds an input form for its features.",
    },
  ],
  widgetModels: ["julien-c/wine-quality"],
  libraries: ["sklearn", "tabpfn"],
  about: tabularClassificationAbout,
};
