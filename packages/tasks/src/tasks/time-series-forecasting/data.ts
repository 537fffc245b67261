import type { TaskDataCustom } from "../task-data.js";
import { timeSeriesForecastingAbout } from "./about.js";

export const timeSeriesForecastingTask: TaskDataCustom = {
  summary:
    "Time-series forecasting predicts the future values of a sequence from its history, often with a range of likely outcomes rather than a single line. Pre-trained forecasting models now produce useful zero-shot forecasts for series they have never seen.",
  datasets: [
    {
      id: "autogluon/chronos_datasets",
      description:
        "Collection of public time-series datasets (energy, traffic, retail and more) in one format.",
    },
    {
      id: "Salesforce/GiftEval",
      description: "Benchmark of 97 forecasting configurations across domains, frequencies and horizons.",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "time-series-forecasting-input-history.png" },
      {
        type: "text",
        label: "Settings",
        content: "Hourly electricity demand · context: 90 hours · horizon: 40 hours",
      },
    ],
    outputs: [{ type: "img", filename: "time-series-forecasting-output-forecast.png" }],
  },
  metrics: [
    {
      id: "mase",
      description:
        "Mean absolute scaled error: forecast error relative to a naive seasonal forecast on the same series.",
    },
    {
      id: "wql",
      description: "Weighted quantile loss: scores probabilistic forecasts across several quantiles at once.",
    },
    {
      id: "crps",
      description:
        "Continuous ranked probability score, comparing the whole forecast distribution with the outcome.",
    },
  ],
  models: [
    {
      id: "amazon/chronos-2",
      description: "Pre-trained forecaster that also uses related series and covariates in context.",
    },
    {
      id: "amazon/chronos-bolt-base",
      description:
        "Fast Chronos-Bolt model producing quantile forecasts directly, many times quicker than Chronos-T5.",
    },
    {
      id: "google/timesfm-2.0-500m-pytorch",
      description: "Decoder-only time-series foundation model from Google with long context support.",
    },
    {
      id: "ibm-granite/granite-timeseries-ttm-r2",
      description: "Tiny Time Mixer: a compact model under a few million parameters, fast on CPU.",
    },
  ],
  spaces: [
    {
      id: "Salesforce/GIFT-Eval",
      description: "Leaderboard comparing forecasting models on the GIFT-Eval benchmark.",
    },
    {
      id: "autogluon/fev-bench",
      description: "Leaderboard of forecasting models on the fev-bench task suite.",
    },
  ],
  widgetModels: ["amazon/chronos-bolt-base"],
  libraries: ["chronos-forecasting", "timesfm", "transformers"],
  about: timeSeriesForecastingAbout,
};
