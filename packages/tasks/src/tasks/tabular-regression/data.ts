import type { TaskDataCustom } from "../task-data.js";
import { tabularRegressionAbout } from "./about.js";

export const tabularRegressionTask: TaskDataCustom = {
  summary:
    "Tabular regression predicts a number for each row of a table, such as a price, a demand figure or a delivery time. The same tools as tabular classification apply, but the output is continuous and errors are measured in the target's own units.",
  datasets: [
    {
      id: "leostelon/california-housing",
      description: "California census districts with income, rooms and location; predict median house value.",
    },
    {
      id: "inria-soda/tabular-benchmark",
      description:
        "Includes a suite of regression tables for benchmarking tree ensembles and neural networks.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Row",
        content: "median_income: 5.6 · house_age: 21 · avg_rooms: 6.2 · latitude: 37.8 · longitude: -122.3",
      },
    ],
    outputs: [
      { type: "text", label: "Predicted median house value", content: "$312,400" },
      { type: "img", filename: "tabular-regression-output-importance.png" },
    ],
  },
  metrics: [
    {
      id: "mae",
      description: "Mean absolute error, in the target's units; easy to explain to stakeholders.",
    },
    { id: "rmse", description: "Root mean squared error; punishes large misses more heavily than MAE." },
    {
      id: "r2",
      description: "Share of the target's variance explained by the model (1 is perfect, 0 is the mean).",
    },
  ],
  models: [
    {
      id: "Prior-Labs/TabPFN-v2-reg",
      description:
        "Pre-trained tabular transformer that predicts numbers for small datasets without training.",
    },
    {
      id: "scikit-learn/Fish-Weight",
      description:
        "scikit-learn regressor estimating a fish's weight from its length, height, width and species.",
    },
  ],
  spaces: [
    {
      id: "scikit-learn/baseline-trainer",
      description: "Trains a quick baseline regressor or classifier on a CSV you upload.",
    },
    {
      id: "sklearn-docs/Predictio-Intervals-for-Gradient-Boosting-Regression",
      description:
        "Interactive scikit-learn example of prediction intervals with quantile gradient boosting.",
    },
  ],
  widgetModels: ["scikit-learn/Fish-Weight"],
  libraries: ["sklearn", "tabpfn"],
  about: tabularRegressionAbout,
};
