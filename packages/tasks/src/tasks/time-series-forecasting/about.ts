export const timeSeriesForecastingAbout = `## Where it is used

### Demand and inventory planning
Retailers forecast sales per product and store to decide how much to order and where to stock it.

### Energy and utilities
Grid operators forecast load and renewable generation hours to days ahead to balance supply.

### Capacity and operations
Forecast web traffic, call-centre volume or hospital admissions to plan servers and staff.

### Finance and monitoring
Project cash flow, or flag anomalies when observed values fall far outside the forecast range.

## Point versus probabilistic forecasts
A point forecast gives one number per future step. A probabilistic forecast gives quantiles (for example the 10th, 50th and 90th percentiles) or samples, so planners can decide how much risk to take, such as stocking to the 90th percentile for critical items.

## Approaches
- **Statistical baselines** (seasonal naive, ETS, ARIMA): fast, strong on clean, regular series; always compare against them.
- **Global machine-learning models** trained across many related series (gradient boosting with lag features, DeepAR, PatchTST).
- **Pre-trained foundation models** (Chronos, TimesFM, Moirai, TTM): forecast a new series zero-shot from its context window; fine-tuning or adding covariates can improve them further.

## How to run it

Zero-shot quantile forecasts with Chronos-Bolt:

~~~python
import pandas as pd
import torch
from chronos import BaseChronosPipeline

history = pd.read_csv("hourly_load.csv", parse_dates=["timestamp"])["load_mw"]
forecaster = BaseChronosPipeline.from_pretrained("amazon/chronos-bolt-base", device_map="cpu", torch_dtype=torch.float32)

quantiles, mean = forecaster.predict_quantiles(
    context=torch.tensor(history.to_numpy()),
    prediction_length=48,
    quantile_levels=[0.1, 0.5, 0.9],
)
low, median, high = quantiles[0, :, 0], quantiles[0, :, 1], quantiles[0, :, 2]
print(median[:6], "\\n80% interval width at +48h:", float(high[-1] - low[-1]))
~~~

## Evaluating properly
- Backtest with a rolling origin: forecast from several cut-off dates and average the errors, never shuffle time.
- Use scale-free metrics (MASE, scaled quantile loss) when comparing across series of different magnitudes.
- Check interval coverage: an 80% interval should contain roughly 80% of outcomes.
- Keep covariates honest: only use values that will actually be known at forecast time (holidays yes, next week's weather observations no).

## Resources
- [Chronos repository and paper](https://github.com/amazon-science/chronos-forecasting)
- [TimesFM repository](https://github.com/google-research/timesfm)
- [Forecasting: Principles and Practice (free textbook)](https://otexts.com/fpp3/)
- [AutoGluon time-series documentation](https://auto.gluon.ai/stable/tutorials/timeseries/index.html)
- [GIFT-Eval benchmark paper](https://arxiv.org/abs/2410.10393)
`;
