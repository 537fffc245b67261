import { python, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** HTRflow: handwritten text recognition pipelines, from the command line or from Python. */
export function htrflowSnippets(model: ModelData): string[] {
  return [
    shell`hf download ${model.id} --local-dir htr_model
# Reference ./htr_model in a pipeline YAML (https://ai-riksarkivet.github.io/htrflow), then:
htrflow pipeline pipeline.yaml scanned_page.jpg`,
    python`from htrflow.models.framework.model import ModelClass
from htrflow.pipeline.pipeline import Pipeline
from htrflow.pipeline.steps import Task

# Replace ModelClass with the htrflow model class that fits this checkpoint
pipeline = Pipeline([
    Task(ModelClass, {"model": ${model.id}}, {}),
])`,
  ];
}
