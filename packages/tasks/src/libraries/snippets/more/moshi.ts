import { python, raw, shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

/**
 * Moshi: the backend is only visible in the repository name (`-mlx`, `-candle`), so it picks the
 * snippet; MLX quantised repos also need the matching `-q` flag.
 */
export function moshiSnippets(model: ModelData): string[] {
  if (idMentions(model, "-mlx")) {
    const quant = idMentions(model, "-q4") ? " -q 4" : idMentions(model, "-q8") ? " -q 8" : "";
    return [
      shell`pip install moshi_mlx
python -m moshi_mlx.local_web${raw(quant)} --hf-repo ${model.id}`,
    ];
  }
  if (idMentions(model, "-candle")) {
    return [
      shell`# The Candle (Rust) backend is built from source: https://github.com/kyutai-labs/moshi
git clone https://github.com/kyutai-labs/moshi.git
hf download ${model.id} --local-dir moshi-weights
cd moshi/rust
# point moshi-backend/config.json at the files in ../../moshi-weights
cargo run --features cuda --bin moshi-backend -r -- --config moshi-backend/config.json standalone`,
    ];
  }
  return [
    shell`pip install moshi
python -m moshi.server --hf-repo ${model.id}
# then open https://localhost:8998`,
    python`import torch
from moshi.models import loaders

repo_info = loaders.CheckpointInfo.from_hf_repo(${model.id})
codec = repo_info.get_mimi(device="cuda")
codec.set_num_codebooks(8)  # Moshi itself uses 8 codebooks

# Ten seconds of 24 kHz mono audio: [batch, channels, samples]
audio = torch.randn(1, 1, 24000 * 10, device="cuda")
with torch.no_grad():
    tokens = codec.encode(audio)
    reconstruction = codec.decode(tokens)`,
  ];
}
