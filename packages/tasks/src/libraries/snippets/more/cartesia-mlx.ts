import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Cartesia (MLX): streams generated text on Apple silicon. */
export function cartesiaMlxSnippets(model: ModelData): string[] {
  return [
    python`import mlx.core as mx
import cartesia_mlx as cmx

lm = cmx.from_pretrained(${model.id})
lm.set_dtype(mx.float32)

for piece in lm.generate("Rene Descartes was", max_tokens=256, top_p=0.99, temperature=0.85):
    print(piece, end="", flush=True)`,
  ];
}
