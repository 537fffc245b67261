import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { textInputOf } from "../helpers.js";

const DEFAULT_PROMPT = "a photo of a cat";

function isFlux(model: ModelData): boolean {
  return /flux/i.test(model.id) || (model.tags ?? []).some((tag) => /flux/i.test(tag));
}

/** DiffusionKit (MLX): FLUX checkpoints run distilled in 4 steps, Stable Diffusion 3 in 50. */
export function diffusionkitSnippets(model: ModelData): string[] {
  const flux = isFlux(model);
  const pipelineClass = flux ? "FluxPipeline" : "DiffusionPipeline";
  const setup = flux ? "shift=1.0" : "shift=3.0,\n    use_t5=False";
  const steps = flux ? 4 : 50;
  const cfg = flux ? "0.0" : "5.0";
  const latent = flux ? "(512 // 8, 512 // 8)" : "(1024 // 8, 1024 // 8)";
  return [
    python`from diffusionkit.mlx import ${raw(pipelineClass)}

pipeline = ${raw(pipelineClass)}(
    ${raw(setup)},
    model_version=${model.id},
    low_memory_mode=True,
    a16=True,
    w16=True,
)

image, _ = pipeline.generate_image(
    ${textInputOf(model) ?? DEFAULT_PROMPT},
    cfg_weight=${raw(cfg)},
    num_steps=${steps},
    latent_size=${raw(latent)},
)
image.save("image.png")`,
  ];
}
