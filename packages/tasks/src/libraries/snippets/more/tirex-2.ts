import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** TiRex-2: zero-shot forecasting of one or many series, with 9 quantiles per step. */
export function tirex2Snippets(model: ModelData): string[] {
  return [
    python`# pip install tirex-2
import torch
from tirex2 import TimeseriesType, load_model

model = load_model(${model.id}, device="cpu")

context = torch.sin(torch.arange(128).float() / 8)
series = TimeseriesType(target=context.unsqueeze(0), past_covariates=None, future_covariates=None)
forecast = model.forecast([series], prediction_length=32, output_type="numpy")[0]
print(forecast.shape)  # (targets, 9 quantiles, 32 steps)`,
  ];
}
