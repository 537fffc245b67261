/** Long-form task page text (markdown). */
export const about = `## What it is good for

Mask generation produces segmentation masks without a fixed list of classes. Given an image, and optionally a *prompt* such as a clicked point or a rough box, a promptable segmenter returns the outline of whatever object is there. In "automatic" mode it scatters a grid of points over the image and returns every object and part it can find.

The masks carry no labels; pair them with a classifier or a zero-shot detector when you need names.

### Typical uses

- **Interactive annotation**: one click per object instead of tracing polygons by hand.
- **Photo editing**: select an object precisely for cut-out, recolouring or removal.
- **Video object tracking**: newer models propagate a mask through every frame of a clip.
- **Dataset creation**: combine a detector's boxes with mask prompts to turn box labels into mask labels.

## Running a model

\`\`\`python
from transformers import pipeline

generator = pipeline("mask-generation", model="facebook/sam-vit-base", points_per_batch=64)
output = generator("garden.jpg")
print(len(output["masks"]), "masks found")
best = max(range(len(output["scores"])), key=lambda i: float(output["scores"][i]))
print("highest predicted IoU:", float(output["scores"][best]))
\`\`\`

To segment one object from a click, call the model with an input point:

\`\`\`python
import torch
from PIL import Image
from transformers import SamModel, SamProcessor

processor = SamProcessor.from_pretrained("facebook/sam-vit-base")
model = SamModel.from_pretrained("facebook/sam-vit-base")
image = Image.open("garden.jpg").convert("RGB")
inputs = processor(image, input_points=[[[200, 155]]], return_tensors="pt")
with torch.no_grad():
    low_res = model(**inputs).pred_masks
# Upsample the low-resolution logits back to the photo's size and binarise them.
full_size = processor.image_processor.post_process_masks(low_res, inputs["original_sizes"], inputs["reshaped_input_sizes"])
print(full_size[0].shape)   # (prompts, 3 candidate masks, height, width)
\`\`\`

SAM 2 checkpoints add memory across frames and are available through the \`sam2\` package and in Transformers.

## Tips

- Compute the image embedding once and reuse it for many prompts; only the small mask decoder runs per click.
- Use a box prompt for thin or ambiguous objects; a single point may select just a part.
- Filter automatic masks by predicted IoU and stability score to drop fragments.

## Evaluating

Masks are compared with ground truth by intersection over union; interactive benchmarks report mIoU after one or several clicks.

## Further reading

- [Segment Anything paper](https://arxiv.org/abs/2304.02643)
- [SAM 2: Segment Anything in Images and Videos](https://arxiv.org/abs/2408.00714)
- [Transformers task guide: mask generation](https://huggingface.co/docs/transformers/tasks/mask_generation)
`;
