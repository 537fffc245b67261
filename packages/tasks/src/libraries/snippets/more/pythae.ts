import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** pythae: variational autoencoders; loads the trained model and samples from it. */
export function pythaeSnippets(model: ModelData): string[] {
  return [
    python`from pythae.models import AutoModel
from pythae.samplers import NormalSampler

vae = AutoModel.load_from_hf_hub(${model.id})
sampler = NormalSampler(model=vae)
generated = sampler.sample(num_samples=4)`,
  ];
}
