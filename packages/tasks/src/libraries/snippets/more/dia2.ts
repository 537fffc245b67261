import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Dia2: streaming dialogue generation with explicit sampling settings. */
export function dia2Snippets(model: ModelData): string[] {
  return [
    python`from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${model.id}, device="cuda", dtype="bfloat16")

sampling = SamplingConfig(top_k=45, temperature=0.75)
settings = GenerationConfig(audio=sampling, cfg_scale=2.0, use_cuda_graph=True)
dia.generate("[S1] Hello from Dia2! [S2] Nice to meet you.", config=settings, output_wav="dia2.wav")`,
  ];
}
