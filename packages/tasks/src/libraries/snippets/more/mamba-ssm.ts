import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** mamba-ssm: the Mamba language model with the GPT-NeoX tokenizer it was trained with. */
export function mambaSsmSnippets(model: ModelData): string[] {
  return [
    python`import torch
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("EleutherAI/gpt-neox-20b")
lm = MambaLMHeadModel.from_pretrained(${model.id}, device="cuda", dtype=torch.float16)

prompt_ids = tokenizer("Mamba is a", return_tensors="pt").input_ids.to("cuda")
generated = lm.generate(prompt_ids, max_length=64)
print(tokenizer.decode(generated[0]))`,
  ];
}
