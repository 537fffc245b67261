import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

/** TimesFM: 2.5 checkpoints use the compiled forecaster API; 1.0 and 2.0 use hyper-parameters plus checkpoint. */
export function timesfmSnippets(model: ModelData): string[] {
  if (idMentions(model, "2.5")) {
    return [
      python`# pip install "timesfm[torch]"
import numpy as np
import timesfm

forecaster = timesfm.TimesFM_2p5_200M_torch.from_pretrained(${model.id})
forecaster.compile(timesfm.ForecastConfig(max_context=1024, max_horizon=256, normalize_inputs=True))

point, quantiles = forecaster.forecast(horizon=24, inputs=[np.sin(np.linspace(0, 20, 200)), np.linspace(0, 1, 80)])
print(point.shape, quantiles.shape)`,
    ];
  }
  const isV2 = idMentions(model, "2.0");
  const shape = isV2
    ? raw("num_layers=50,\n        context_len=2048,\n        use_positional_embedding=False,")
    : raw("num_layers=20,");
  return [
    python`# pip install timesfm
import numpy as np
import timesfm

forecaster = timesfm.TimesFm(
    hparams=timesfm.TimesFmHparams(
        backend="gpu",
        per_core_batch_size=32,
        horizon_len=128,
        ${shape}
    ),
    checkpoint=timesfm.TimesFmCheckpoint(huggingface_repo_id=${model.id}),
)
point, quantiles = forecaster.forecast([np.sin(np.linspace(0, 20, 200))], freq=[0])`,
  ];
}
