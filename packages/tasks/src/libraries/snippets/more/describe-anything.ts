import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Describe Anything: region captioning; the weights are fetched into a local folder first. */
export function describeAnythingSnippets(model: ModelData): string[] {
  return [
    python`# pip install git+https://github.com/NVlabs/describe-anything
from huggingface_hub import snapshot_download
from dam import DescribeAnythingModel

local_dir = snapshot_download(${model.id}, local_dir="checkpoints")

dam = DescribeAnythingModel(
    model_path=local_dir,
    conv_mode="v1",
    prompt_mode="focal_prompt",
)`,
  ];
}
