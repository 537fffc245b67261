import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

const AIR_PASSENGERS =
  "https://raw.githubusercontent.com/AileenNielsen/TimeSeriesAnalysisWithPython/master/data/AirPassengers.csv";
const M4_HOURLY = "https://autogluon.s3.amazonaws.com/datasets/timeseries/m4_hourly/train.csv";

/** Chronos: probabilistic forecasts; Chronos-2 works on data frames, earlier models on tensors. */
export function chronosForecastingSnippets(model: ModelData): string[] {
  if (/chronos-2/i.test(model.id)) {
    return [
      python`import pandas as pd
from chronos import Chronos2Pipeline

pipeline = Chronos2Pipeline.from_pretrained(${model.id}, device_map="cpu")

context_df = pd.read_csv(${M4_HOURLY})
pred_df = pipeline.predict_df(
    context_df,
    prediction_length=24,
    quantile_levels=[0.1, 0.5, 0.9],
    id_column="item_id",
    timestamp_column="timestamp",
    target="target",
)
print(pred_df.head())`,
    ];
  }
  return [
    python`import pandas as pd
import torch
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${model.id}, device_map="cpu", torch_dtype=torch.bfloat16)

df = pd.read_csv(${AIR_PASSENGERS})
quantiles, mean = pipeline.predict_quantiles(
    torch.tensor(df["#Passengers"]),
    prediction_length=12,
    quantile_levels=[0.1, 0.5, 0.9],
)
print(mean)`,
  ];
}
