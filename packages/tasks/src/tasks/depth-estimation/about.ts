/** Long-form task page text (markdown). */
export const about = `## What it is good for

A depth model looks at a single ordinary photo and guesses, for every pixel, how far the surface is from the camera. No stereo rig, no lidar: the network has learned perspective, occlusion, texture gradients and object sizes from millions of images.

Two flavours exist. **Relative** depth models rank pixels (nearer / further) without units, which is enough for most creative work. **Metric** depth models return distances in metres and are tuned for a domain such as indoor rooms or driving scenes.

### Typical uses

- **Photo effects**: fake a shallow depth of field, add fog that thickens with distance, or relight a scene.
- **3D from 2D**: lift a picture into a point cloud or a parallax animation for a web page.
- **Conditioning generators**: a depth map is a common control signal for image and video diffusion models, keeping the layout while the style changes.
- **Robotics and AR**: rough obstacle distances from a cheap monocular camera, or placing virtual objects behind real ones.

## Running a model

The \`depth-estimation\` pipeline in 🤗 Transformers returns both the raw prediction tensor and a ready-to-view grayscale picture.

\`\`\`python
from transformers import pipeline
from PIL import Image

estimator = pipeline("depth-estimation", model="depth-anything/Depth-Anything-V2-Small-hf")
photo = Image.open("living-room.jpg")

result = estimator(photo)
result["depth"].save("living-room-depth.png")    # 8-bit preview, bright = near
raw = result["predicted_depth"]                    # float tensor for further maths
print(raw.shape, float(raw.min()), float(raw.max()))
\`\`\`

In the browser, Transformers.js offers the same task name:

\`\`\`js
import { pipeline } from "@huggingface/transformers";

const estimate = await pipeline("depth-estimation", "onnx-community/depth-anything-v2-small");
const { depth } = await estimate("https://example.com/street.jpg");
depth.save("street-depth.png");
\`\`\`

## Choosing a checkpoint

- Small relative models (Depth Anything V2 Small) run on a laptop CPU and are a good default.
- Metric models need to match your scene: indoor checkpoints are trained on room-scale data, outdoor ones on road scenes.
- Diffusion-based estimators such as Marigold give very crisp edges but take several denoising steps per image.
- Always check whether a model outputs depth or *disparity* (inverse depth); the colour scale flips between the two.

## Evaluating

Benchmarks such as NYU Depth V2 (indoor) and KITTI (driving) compare predictions with sensor ground truth. Relative predictions are first aligned to the ground truth with a scale (and often a shift) before errors are computed.

## Further reading

- [Depth Anything V2 paper](https://arxiv.org/abs/2406.09414)
- [Vision Transformers for Dense Prediction (DPT)](https://arxiv.org/abs/2103.13413)
- [Marigold: repurposing diffusion models for depth](https://arxiv.org/abs/2312.02145)
- [Transformers task guide: monocular depth estimation](https://huggingface.co/docs/transformers/tasks/monocular_depth_estimation)
`;
