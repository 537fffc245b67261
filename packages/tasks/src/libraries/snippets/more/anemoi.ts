import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Anemoi: an inference runner whose checkpoint is fetched from the Hub repository. */
export function anemoiSnippets(model: ModelData): string[] {
  return [
    python`from anemoi.inference.config.run import RunConfiguration
from anemoi.inference.runners.default import DefaultRunner

run_config = RunConfiguration(checkpoint={"huggingface": ${model.id}})
runner = DefaultRunner(run_config)`,
  ];
}
