import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** CollectorVision: ONNX card detectors and embedders, loaded from the repository's ONNX file. */
export function collectorvisionSnippets(model: ModelData): string[] {
  const onnxFile = firstFileOr(model, "onnx", "model.onnx");
  return [
    python`# pip install huggingface_hub git+https://github.com/HanClinto/CollectorVision
import collector_vision as cvg
from huggingface_hub import hf_hub_download

weights = hf_hub_download(repo_id=${model.id}, filename=${onnxFile})

# Corner-detector checkpoints:
detector = cvg.NeuralCornerDetector(weights)
# Embedding checkpoints:
embedder = cvg.NeuralEmbedder(weights)`,
  ];
}
