import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Describe Anything: region captioning; the weights are fetched into a local folder first. */
export function describeAnythingSnippets(model: ModelData): string[] {
  return [
    python`# Install the dam package: https://github.com/NVlabs/describe-anything
from dam import DescribeAnythingModel
from huggingface_hub import snapshot_download

local_dir = snapshot_download(${model.id}, local_dir="checkpoints")

dam = DescribeAnythingModel(
    model_path=local_dir,
    prompt_mode="focal_prompt",
    conv_mode="v1",
)`,
  ];
}
