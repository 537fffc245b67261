/** Long-form task page text (markdown). */
export const about = `## What it is good for

Video-to-video models take an existing clip and produce a new one that keeps its timing and structure while changing something else: the style, the season, the resolution, the frame rate or specific objects. Temporal consistency is the central challenge: editing each frame independently makes textures flicker.

### Typical uses

- **Stylisation**: turn live footage into animation, a painting or a different time of day.
- **Restoration**: upscale, denoise, colourise or interpolate frames of old footage.
- **Motion transfer**: drive a new character or scene with the motion of a reference video.
- **Targeted edits**: replace or remove an object through the whole clip using masks.

## Running a model

Wan 2.1 VACE handles several conditioning types (reference video, masks, reference images) in one model; in Diffusers a restyle looks like this:

\`\`\`python
import torch
from diffusers import WanVACEPipeline
from diffusers.utils import export_to_video, load_video

pipe = WanVACEPipeline.from_pretrained("Wan-AI/Wan2.1-VACE-1.3B-diffusers", torch_dtype=torch.bfloat16)
pipe.enable_model_cpu_offload()

source = load_video("garden-ball.mp4")[:49]        # a list of PIL frames
restyled = pipe(
    video=source,
    prompt="the same garden in a snowy winter, soft overcast light",
    height=480,
    width=832,
    num_frames=len(source),
).frames[0]
export_to_video(restyled, "garden-winter.mp4", fps=16)
\`\`\`

For structure-preserving edits, derive a control video (depth, edges or pose per frame) and pass it as the conditioning video instead of raw frames.

## Tips

- Keep clips short and at the model's native resolution; process longer videos in overlapping windows.
- Fix the random seed so neighbouring windows share a look.
- Check flicker by watching at full speed, not by inspecting single frames.

## Evaluating

Quality combines per-frame fidelity (FID, CLIP alignment with the edit prompt) with temporal metrics such as warping error between consecutive frames and FVD; restoration tasks use PSNR and SSIM against a clean reference.

## Further reading

- [VACE: all-in-one video creation and editing](https://arxiv.org/abs/2503.07598)
- [Wan: open and advanced large-scale video generative models](https://arxiv.org/abs/2503.20314)
- [Diffusers guide: video generation](https://huggingface.co/docs/diffusers/using-diffusers/text-img2vid)
`;
