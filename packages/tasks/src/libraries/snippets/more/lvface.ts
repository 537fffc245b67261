import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** LVFace: face embeddings from the repository's ONNX export; inference may take long, hence the 300 s timeout. */
export function lvfaceSnippets(model: ModelData): string[] {
  const onnxFile = firstFileOr(model, "onnx", "LVFace-L_Glint360K/LVFace-L_Glint360K.onnx");
  return [
    python`# inference_onnx.py comes from https://github.com/bytedance/LVFace
from huggingface_hub import hf_hub_download
from inference_onnx import LVFaceONNXInferencer

onnx_path = hf_hub_download(${model.id}, ${onnxFile})
face_encoder = LVFaceONNXInferencer(onnx_path, use_gpu=True, timeout=300)

face_embedding = face_encoder.infer_from_image("face.jpg")
print(face_embedding.shape)`,
  ];
}
