import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** LiteRT (formerly TensorFlow Lite): download the `.tflite` file and open it with the interpreter. */
export function litertSnippets(model: ModelData): string[] {
  return [
    python`# pip install ai-edge-litert huggingface_hub
from ai_edge_litert.interpreter import Interpreter
from huggingface_hub import hf_hub_download

path = hf_hub_download(repo_id=${model.id}, filename=${firstFileOr(model, "tflite", "model.tflite")})
interpreter = Interpreter(model_path=path)
interpreter.allocate_tensors()
print(interpreter.get_input_details())`,
  ];
}
