/** Long-form task page text (markdown). */
export const about = `## What it is good for

Segmentation labels pixels rather than whole images or boxes. Three variants share this task id:

- **Semantic** segmentation gives every pixel a class ("road", "sky", "person") without separating individual objects.
- **Instance** segmentation outputs one mask per object, so two people get two masks.
- **Panoptic** segmentation combines both: countable "things" get instance masks, amorphous "stuff" like grass or sky gets one region each.

### Typical uses

- **Photo editing**: background removal, sky replacement, selective colour grading.
- **Medicine**: outlining organs or lesions in scans so their size can be measured.
- **Driving and robotics**: knowing exactly which pixels are drivable road.
- **Agriculture and mapping**: fields, buildings and water bodies in aerial images.

## Running a model

The pipeline returns one entry per segment, each with a label, an optional score and a black-and-white PIL mask.

\`\`\`python
from transformers import pipeline

segmenter = pipeline("image-segmentation", model="nvidia/segformer-b0-finetuned-ade-512-512")
segments = segmenter("garden.jpg")
for segment in segments:
    covered = sum(1 for px in segment["mask"].getdata() if px) / (segment["mask"].width * segment["mask"].height)
    print(f"{segment['label']:<12} {covered:.1%} of the picture")

segments[0]["mask"].save("first-segment.png")
\`\`\`

For panoptic output, a Mask2Former checkpoint such as \`facebook/mask2former-swin-large-coco-panoptic\` works with the same code.

## Picking a model

- SegFormer checkpoints are light and fast for semantic maps.
- Mask2Former and OneFormer handle semantic, instance and panoptic output with one architecture.
- Dedicated matting / background-removal models (BiRefNet, RMBG) produce soft, high-resolution foreground masks.
- For "segment whatever I click on", see the mask-generation task instead.

## Evaluating

Semantic maps are scored with mean intersection over union (mIoU) across classes and with pixel accuracy. Instance masks use mask AP, and panoptic results use panoptic quality (PQ), which multiplies segmentation quality by recognition quality.

## Further reading

- [SegFormer paper](https://arxiv.org/abs/2105.15203)
- [Mask2Former paper](https://arxiv.org/abs/2112.01527)
- [Transformers task guide: image segmentation](https://huggingface.co/docs/transformers/tasks/semantic_segmentation)
`;
