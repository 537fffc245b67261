import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Cartesia (PyTorch): Rene language model; generation with the OLMo tokenizer it was trained with. */
export function cartesiaPytorchSnippets(model: ModelData): string[] {
  return [
    python`# pip install --no-binary :all: cartesia-pytorch
from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")
lm = ReneLMHeadModel.from_pretrained(${model.id})

encoded = tokenizer(["Rene Descartes was"], return_tensors="pt")
generated = lm.generate(encoded.input_ids, max_length=50, top_k=100, top_p=0.99)
print(tokenizer.batch_decode(generated, skip_special_tokens=True)[0])`,
  ];
}
