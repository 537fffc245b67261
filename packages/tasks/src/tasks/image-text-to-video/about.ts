/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-text-to-video models animate a still image according to a written description. The image fixes the look of the first frame (characters, setting, style) and the prompt describes the motion and camera work: "she turns towards the camera and smiles", "the drone flies over the village at dusk".

This gives far more control than text-to-video alone, because appearance and motion are specified separately.

### Typical uses

- **Animating generated stills**: create a key frame with a text-to-image model, then direct its motion.
- **Product and real-estate videos**: slow camera moves around a single photo.
- **Storytelling**: consistent characters across shots, each started from the same reference frame.
- **Visual effects previews**: quickly test how a scene could move before animating it by hand.

## Running a model

\`\`\`python
import torch
from diffusers import WanImageToVideoPipeline
from diffusers.utils import export_to_video, load_image

pipe = WanImageToVideoPipeline.from_pretrained(
    "Wan-AI/Wan2.1-I2V-14B-480P-Diffusers", torch_dtype=torch.bfloat16
)
pipe.enable_model_cpu_offload()

first_frame = load_image("village.png").resize((832, 480))
video = pipe(
    image=first_frame,
    prompt="night slowly falls, windows light up one by one, the camera pans right",
    height=480,
    width=832,
    num_frames=49,
).frames[0]
export_to_video(video, "village-night.mp4", fps=16)
\`\`\`

Lighter options such as LTX-Video or CogVideoX-5B-I2V use the same pattern with their own pipeline classes.

## Tips

- Describe change over time, not the static content that is already visible.
- Match the input resolution to the checkpoint (480p vs 720p variants).
- Expect heavy GPU use; offloading, lower frame counts and distilled checkpoints reduce cost.

## Evaluating

Besides realism scores such as FVD, image-conditioned video is checked for consistency with the input frame (similarity between the first generated frame and the condition), for prompt adherence, and with multi-dimension suites like VBench-I2V.

## Further reading

- [Wan: open and advanced large-scale video generative models](https://arxiv.org/abs/2503.20314)
- [LTX-Video paper](https://arxiv.org/abs/2501.00103)
- [Diffusers guide: video generation](https://huggingface.co/docs/diffusers/using-diffusers/text-img2vid)
`;
