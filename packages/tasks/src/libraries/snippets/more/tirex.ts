import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** TiRex: zero-shot forecasting with quantiles for a batch of series. */
export function tirexSnippets(model: ModelData): string[] {
  return [
    python`# pip install tirex-ts
import torch
from tirex import ForecastModel, load_model

forecaster: ForecastModel = load_model(${model.id})

history = torch.rand((4, 256))  # 4 series, 256 past steps each
quantiles, mean = forecaster.forecast(context=history, prediction_length=48)
print(quantiles.shape, mean.shape)`,
  ];
}
