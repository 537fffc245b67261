/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-to-3D models reconstruct a full 3D object from one photo (or a few). They must invent the hidden back side, so they rely on strong priors learned from large collections of 3D assets such as Objaverse. Outputs are usually textured meshes, sometimes Gaussian splats or radiance fields.

### Typical uses

- **E-commerce**: a rotatable 3D view of a product from its catalogue photo.
- **Game and AR assets**: turn concept art or a photo of a real object into a placeable model.
- **Digital heritage**: quick reconstructions of artefacts when multi-view capture is not possible.
- **3D printing**: go from a sketch or photo to a printable shape.

## Running a model

Many image-to-3D projects ship their own inference code. A typical flow, shown here with the TripoSR package after cloning its repository, removes the background, reconstructs, and exports a mesh:

\`\`\`python
import torch
from PIL import Image
from tsr.system import TSR

model = TSR.from_pretrained("stabilityai/TripoSR", config_name="config.yaml", weight_name="model.ckpt")
model.to("cuda" if torch.cuda.is_available() else "cpu")

photo = Image.open("mug-no-background.png").convert("RGB")
with torch.no_grad():
    scene_codes = model([photo], device=model.device)
mesh = model.extract_mesh(scene_codes, True, resolution=256)[0]  # True: keep vertex colours
mesh.export("mug.obj")
\`\`\`

Within Diffusers, \`ShapEImg2ImgPipeline\` with \`openai/shap-e-img2img\` offers a lighter, fully pip-installable option.

## Tips

- Remove the background and centre the object first; clutter confuses reconstruction.
- A three-quarter view with soft lighting gives the model the most information.
- Expect the unseen side to be plausible, not accurate; use multi-view inputs when fidelity matters.

## Evaluating

With a reference shape, geometry is scored with Chamfer distance and F-score on sampled surface points, and appearance with PSNR, SSIM and LPIPS on renders from novel viewpoints.

## Further reading

- [TripoSR technical report](https://arxiv.org/abs/2403.02151)
- [Structured 3D Latents for Scalable 3D Generation (TRELLIS)](https://arxiv.org/abs/2412.01506)
- [Objaverse dataset paper](https://arxiv.org/abs/2212.08051)
`;
