/** Long-form task page text (markdown). */
export const about = `## What it is good for

Text-to-video models turn a written description into a short moving clip. They extend image diffusion with a time axis: a video VAE compresses frames into a latent volume and a transformer denoises that volume under the guidance of the prompt.

### Typical uses

- **Pre-visualisation**: sketch a camera move or a scene before committing to a shoot.
- **Social and marketing clips**: short loops, animated backgrounds, product teasers.
- **Education**: illustrate a process or a historical scene that has no footage.
- **Research data**: synthetic clips for training perception models on rare events.

## Running a model

\`\`\`python
import torch
from diffusers import WanPipeline
from diffusers.utils import export_to_video

pipe = WanPipeline.from_pretrained("Wan-AI/Wan2.1-T2V-1.3B-Diffusers", torch_dtype=torch.bfloat16)
pipe.enable_model_cpu_offload()

clip = pipe(
    prompt="a paper boat drifting down a rainy street gutter, close-up, cinematic lighting",
    negative_prompt="blurry, distorted, text overlay",
    height=480,
    width=832,
    num_frames=49,
    guidance_scale=5.0,
).frames[0]
export_to_video(clip, "paper-boat.mp4", fps=16)
\`\`\`

## Writing prompts for motion

- Say what moves and how: "the camera slowly dollies forward", "leaves swirl in the wind".
- Keep one main action per clip; models struggle with sequences of events.
- Mention style and lighting just as for still images.
- Frame count and resolution drive cost almost linearly; prototype small, then render the final version.

## Evaluating

Fréchet Video Distance (FVD) measures realism against real clips, CLIP-based similarity checks prompt adherence frame by frame, and benchmark suites such as VBench break quality into dimensions like motion smoothness, temporal flicker and subject consistency.

## Further reading

- [Wan: open and advanced large-scale video generative models](https://arxiv.org/abs/2503.20314)
- [LTX-Video paper](https://arxiv.org/abs/2501.00103)
- [CogVideoX paper](https://arxiv.org/abs/2408.06072)
- [Diffusers guide: video generation](https://huggingface.co/docs/diffusers/using-diffusers/text-img2vid)
`;
