/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-to-video models animate a still picture. The input image becomes the first frame (sometimes also the last), and the model invents plausible motion for a few seconds: waves rolling, hair moving, a camera slowly panning.

### Typical uses

- **Living photos**: bring product shots, portraits or artwork to life for social media.
- **Storyboards and previsualisation**: turn key frames into rough animated shots.
- **Game and film assets**: short looping backgrounds from concept paintings.
- **Pairing with text-to-image**: generate a frame first, then animate it for better control over the look.

## Running a model

Stable Video Diffusion needs only the conditioning image; motion strength is controlled with a "motion bucket" number.

\`\`\`python
import torch
from diffusers import StableVideoDiffusionPipeline
from diffusers.utils import load_image, export_to_video

repo = "stabilityai/stable-video-diffusion-img2vid-xt"
pipe = StableVideoDiffusionPipeline.from_pretrained(repo, variant="fp16", torch_dtype=torch.float16)
pipe.enable_model_cpu_offload()

still = load_image("meadow.png").resize((1024, 576))
frames = pipe(still, motion_bucket_id=90, decode_chunk_size=4, generator=torch.manual_seed(3)).frames[0]
export_to_video(frames, "meadow.mp4", fps=7)
\`\`\`

Newer models such as Wan 2.1 I2V and LTX-Video also accept a text prompt that describes the motion you want; see the image-text-to-video task.

## Practical notes

- Generation is heavy: expect tens of seconds to minutes per clip on a single GPU, and use CPU offloading or chunked decoding to fit memory.
- Keep the input at the aspect ratio and resolution the model was trained on; letterbox rather than stretch.
- Short clips loop better; long clips tend to drift in identity and colour.

## Evaluating

Video quality is scored with Fréchet Video Distance (FVD) against real clips, with frame-to-frame consistency measures, and with benchmark suites such as VBench that check motion smoothness, subject consistency and aesthetic quality separately.

## Further reading

- [Stable Video Diffusion paper](https://arxiv.org/abs/2311.15127)
- [Wan: open and advanced large-scale video generative models](https://arxiv.org/abs/2503.20314)
- [Diffusers guide: video generation](https://huggingface.co/docs/diffusers/using-diffusers/text-img2vid)
`;
