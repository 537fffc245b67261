/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-text-to-image models edit or re-imagine a picture according to a written instruction. The image supplies identity, layout and details; the text says what should change: "make it night", "replace the mug with a teapot", "put this character on a beach". Compared with plain image-to-image, the instruction is the main control signal rather than a style prompt.

### Typical uses

- **Instruction-based photo editing** without masks or layers.
- **Consistent characters and products**: keep an object's identity while changing scene, pose or lighting.
- **Try-on and staging**: show furniture in a room or clothes on a model.
- **Design iteration**: small targeted changes ("more contrast on the logo") on an existing mock-up.

## Running a model

\`\`\`python
import torch
from diffusers import FluxKontextPipeline
from diffusers.utils import load_image

pipe = FluxKontextPipeline.from_pretrained("black-forest-labs/FLUX.1-Kontext-dev", torch_dtype=torch.bfloat16)
pipe.enable_model_cpu_offload()

house = load_image("cottage.png")
edited = pipe(image=house, prompt="paint the walls blue and add a rainbow in the sky", guidance_scale=2.5).images[0]
edited.save("cottage-rainbow.png")
\`\`\`

The older InstructPix2Pix model is much lighter and still useful for quick global edits:

\`\`\`python
from diffusers import StableDiffusionInstructPix2PixPipeline

pix2pix = StableDiffusionInstructPix2PixPipeline.from_pretrained("timbrooks/instruct-pix2pix", torch_dtype=torch.float16).to("cuda")
result = pix2pix("turn it into a snowy winter scene", image=house, image_guidance_scale=1.5).images[0]
\`\`\`

## Tips

- Phrase edits as commands and name what must stay ("keep the person's face unchanged").
- Chain several small edits instead of one long instruction.
- \`image_guidance_scale\` (where available) controls faithfulness to the input picture.

## Evaluating

Edit benchmarks pair a source image, an instruction and a reference result. Scores combine fidelity to the untouched regions (L1 distance, DINO or CLIP image similarity) with agreement between the result and the instruction (CLIP text-image similarity), plus human or VLM judges.

## Further reading

- [InstructPix2Pix paper](https://arxiv.org/abs/2211.09800)
- [MagicBrush dataset paper](https://arxiv.org/abs/2306.10012)
- [FLUX.1 Kontext technical report](https://arxiv.org/abs/2506.15742)
`;
