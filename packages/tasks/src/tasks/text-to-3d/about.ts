/** Long-form task page text (markdown). */
export const about = `## What it is good for

Text-to-3D models create a three-dimensional asset from a written description: a mesh, a point cloud, a neural radiance field or a set of Gaussian splats that you can rotate, light and import into a game engine or a 3D editor.

Approaches differ. Some generate 3D latents directly (Shap-E, TRELLIS); others first generate several consistent 2D views with a diffusion model and then reconstruct geometry from them.

### Typical uses

- **Game and XR prototyping**: placeholder props and set dressing in minutes.
- **Product ideation**: explore shapes for furniture, toys or packaging.
- **3D printing**: simple decorative objects from a sentence.
- **Education**: quick models to illustrate an idea in a virtual scene.

## Running a model

Shap-E is available in Diffusers and renders turntable frames or exports a mesh.

\`\`\`python
import torch
from diffusers import ShapEPipeline
from diffusers.utils import export_to_gif

pipe = ShapEPipeline.from_pretrained("openai/shap-e", torch_dtype=torch.float16).to("cuda")
views = pipe(
    "a small wooden crate with metal corners",
    guidance_scale=15.0,
    frame_size=192,
    num_inference_steps=48,
).images[0]
export_to_gif(views, "crate-turntable.gif")
\`\`\`

Passing \`output_type="mesh"\` returns triangle meshes that can be saved as PLY or GLB with \`diffusers.utils.export_to_ply\` / \`export_to_obj\` and a library such as trimesh.

## Tips

- Describe a single object, its material and its proportions; scenes with many objects fail more often.
- Generated topology is rarely production-ready: plan for remeshing, UV unwrapping and texture baking.
- Check licences: several strong 3D models allow only non-commercial use.

## Evaluating

There is no single accepted metric. Common choices are CLIP similarity between renders and the prompt, FID of rendered views against reference renders, geometric scores (Chamfer distance) when a reference shape exists, and human preference studies.

## Further reading

- [Shap-E paper](https://arxiv.org/abs/2305.02463)
- [Structured 3D Latents for Scalable 3D Generation (TRELLIS)](https://arxiv.org/abs/2412.01506)
- [Diffusers Shap-E documentation](https://huggingface.co/docs/diffusers/api/pipelines/shap_e)
`;
