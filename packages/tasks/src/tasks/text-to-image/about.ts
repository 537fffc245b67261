/** Long-form task page text (markdown). */
export const about = `## What it is good for

Text-to-image models paint a new picture from a written description. Most current systems are diffusion or flow-matching models: they start from noise and remove it step by step, guided by an embedding of the prompt.

### Typical uses

- **Concept art and mood boards**: explore many visual directions before a designer commits to one.
- **Marketing and illustration**: banners, thumbnails, story illustrations, product backdrops.
- **Synthetic data**: extra training images for rare classes or situations that are hard to photograph.
- **Personalisation**: with a small LoRA adapter, render a specific style, character or product consistently.

## Running a model

🤗 Diffusers loads a complete pipeline (text encoders, denoiser, VAE decoder) in one call.

\`\`\`python
import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained("black-forest-labs/FLUX.1-schnell", torch_dtype=torch.bfloat16)
pipe.enable_model_cpu_offload()   # keeps peak GPU memory low

image = pipe(
    prompt="a red-and-white lighthouse on a rocky coast at sunset, watercolour",
    num_inference_steps=4,          # schnell is distilled for very few steps
    guidance_scale=0.0,
    generator=torch.Generator().manual_seed(7),
).images[0]
image.save("lighthouse.png")
\`\`\`

A fixed generator seed makes a result reproducible, which matters when you compare prompts.

## Writing prompts

- Describe subject, setting, lighting and medium ("oil painting", "35 mm photo").
- Negative prompts (supported by SDXL-style models) list what to avoid.
- Guidance scale trades prompt adherence for variety; distilled models often want it at zero or very low.
- Width and height should stay close to the resolution the model was trained at.

## Evaluating

Automatic scores include FID (distance between feature statistics of generated and real images) and CLIP score (how well image and prompt embeddings agree). Human preference arenas remain the most trusted comparison.

## Further reading

- [Diffusers documentation](https://huggingface.co/docs/diffusers/index)
- [Denoising Diffusion Probabilistic Models](https://arxiv.org/abs/2006.11239)
- [High-Resolution Image Synthesis with Latent Diffusion Models](https://arxiv.org/abs/2112.10752)
`;
