/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-to-image covers every model that takes a picture in and gives a transformed picture out. The family is broad:

- **Restoration**: super-resolution, denoising, deblurring, removing JPEG artefacts.
- **Inpainting and outpainting**: fill a masked hole or extend the canvas beyond its borders.
- **Style and appearance changes**: turn a photo into a sketch, recolour a black-and-white photo, change the season.
- **Structure-guided generation**: keep the edges, pose or depth of the input (ControlNet) while rendering new content.

### Typical uses

- Upscaling old or low-resolution photos for print.
- Cleaning up product shots, removing objects, or extending a photo to a new aspect ratio.
- Producing variations of a design while keeping its layout.

## Running a model

A diffusion-based image-to-image pipeline re-noises the input partially and then denoises it under a new prompt; \`strength\` sets how far it may drift from the original.

\`\`\`python
import torch
from diffusers import AutoPipelineForImage2Image
from diffusers.utils import load_image

pipe = AutoPipelineForImage2Image.from_pretrained(
    "stabilityai/stable-diffusion-xl-refiner-1.0", torch_dtype=torch.float16
).to("cuda")

source = load_image("cottage.png").resize((1024, 768))
winter = pipe(prompt="the same cottage in deep winter, snow on the roof", image=source, strength=0.45).images[0]
winter.save("cottage-winter.png")
\`\`\`

Restoration models are simpler: no prompt, one forward pass.

\`\`\`python
from transformers import pipeline

upscale = pipeline("image-to-image", model="caidas/swin2SR-classical-sr-x2-64")
bigger = upscale("small-photo.png")
bigger.save("photo-x2.png")
\`\`\`

## Tips

- Low strength (0.2–0.4) keeps composition; high strength (0.7+) mostly keeps colours.
- ControlNet variants take an explicit control image (edges, depth, pose); extract it with the matching detector first.
- Super-resolution models are trained for a fixed factor (×2, ×4); chain them for more.

## Evaluating

Restoration is measured against a clean reference with PSNR and SSIM, or with learned perceptual metrics such as LPIPS. Creative edits are judged by how well they follow the instruction and by FID against real images.

## Further reading

- [InstructPix2Pix paper](https://arxiv.org/abs/2211.09800)
- [Adding Conditional Control to Text-to-Image Diffusion Models (ControlNet)](https://arxiv.org/abs/2302.05543)
- [Diffusers guide: image-to-image](https://huggingface.co/docs/diffusers/using-diffusers/img2img)
`;
