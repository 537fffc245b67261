/** Long-form task page text (markdown). */
export const about = `## What it is good for

An unconditional generator samples new images that look like its training set, without any prompt, label or input image. All the "instructions" are baked into the weights: a model trained on butterflies draws butterflies, one trained on faces draws faces. The only input is randomness (a seed).

### Typical uses

- **Learning and teaching**: the simplest setting for understanding diffusion models, GANs and their training dynamics.
- **Domain-specific synthesis**: textures, fonts, game sprites or medical images from a narrow, curated dataset.
- **Data augmentation**: extra samples for a classifier when real data is scarce.
- **Anomaly detection**: a generator that models "normal" data can flag inputs it finds unlikely.

## Running a model

\`\`\`python
import torch
from diffusers import DDPMPipeline

pipe = DDPMPipeline.from_pretrained("google/ddpm-cifar10-32")
images = pipe(batch_size=4, num_inference_steps=1000, generator=torch.manual_seed(0)).images
for i, image in enumerate(images):
    image.save(f"sample-{i}.png")
\`\`\`

Swapping the scheduler for DDIM lets you trade quality for speed:

\`\`\`python
from diffusers import DDIMScheduler

pipe.scheduler = DDIMScheduler.from_config(pipe.scheduler.config)
fast = pipe(batch_size=4, num_inference_steps=50).images
\`\`\`

## Training your own

A small UNet trained on a few thousand 64×64 images of a single subject can produce convincing samples after a few GPU hours. Centre-crop and resize consistently, use random horizontal flips, keep an exponential moving average of the weights, and save sample grids during training so you can spot mode collapse or colour shifts early.

## Evaluating

Fréchet Inception Distance (FID) compares feature statistics of generated and real images; lower is better. Inception Score rewards samples that are both recognisable and varied, and precision/recall for generative models separate fidelity from coverage.

## Further reading

- [Denoising Diffusion Probabilistic Models](https://arxiv.org/abs/2006.11239)
- [Denoising Diffusion Implicit Models](https://arxiv.org/abs/2010.02502)
- [Diffusers tutorial: train a diffusion model](https://huggingface.co/docs/diffusers/tutorials/basic_training)
`;
