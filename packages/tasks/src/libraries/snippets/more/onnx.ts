import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** ONNX: download the graph and open it with ONNX Runtime to see what it takes. */
export function onnxSnippets(model: ModelData): string[] {
  return [
    python`# pip install onnxruntime huggingface_hub
import onnxruntime as ort
from huggingface_hub import hf_hub_download

path = hf_hub_download(repo_id=${model.id}, filename=${firstFileOr(model, "onnx", "model.onnx")})
session = ort.InferenceSession(path)
print([(i.name, i.shape, i.type) for i in session.get_inputs()])`,
  ];
}
