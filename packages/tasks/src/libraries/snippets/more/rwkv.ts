import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** RWKV (the `rwkv` pip package): load a `.pth` checkpoint and generate with the World tokenizer. */
export function rwkvSnippets(model: ModelData): string[] {
  return [
    python`# pip install rwkv huggingface_hub
from huggingface_hub import hf_hub_download
from rwkv.model import RWKV
from rwkv.utils import PIPELINE

model = RWKV(model=hf_hub_download(repo_id=${model.id}, filename=${firstFileOr(model, "pth", "model.pth")}), strategy="cpu fp32")
pipeline = PIPELINE(model, "rwkv_vocab_v20230424")
print(pipeline.generate("The Eiffel Tower is in", token_count=32))`,
  ];
}
