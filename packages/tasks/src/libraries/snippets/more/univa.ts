import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** UniWorld (univa): the Qwen2.5-VL based understanding-and-generation model with its processor. */
export function univaSnippets(model: ModelData): string[] {
  return [
    python`# Install from https://github.com/PKU-YuanGroup/UniWorld-V1
import torch
from transformers import AutoProcessor
from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration

processor = AutoProcessor.from_pretrained(${model.id})
univa = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(
    ${model.id}, attn_implementation="flash_attention_2", torch_dtype=torch.bfloat16
)
univa = univa.to("cuda")`,
  ];
}
