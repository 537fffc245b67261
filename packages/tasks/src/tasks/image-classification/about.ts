/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image classification answers one question about a whole picture: *which of a fixed set of labels fits best?* The model returns a score per label; the labels are decided when the model is trained (the 1,000 ImageNet classes, 101 dishes, ten CIFAR categories, or your own).

When several labels may apply at once (a photo showing both "beach" and "dog") the task is trained as **multi-label** classification with an independent sigmoid per label instead of a softmax across them.

### Typical uses

- **Content sorting**: route product photos to the right catalogue section or flag images that need review.
- **Quality control**: tell a good part from a scratched one on a production line.
- **Science**: species identification from camera traps, cell types in microscopy, land cover from satellite tiles.
- **Accessibility**: a first coarse description of a picture before a richer captioner runs.

## Running a model

\`\`\`python
from transformers import pipeline

classify = pipeline("image-classification", model="google/vit-base-patch16-224")
for guess in classify("kitchen-cat.jpg", top_k=3):
    print(f"{guess['label']:<30} {guess['score']:.3f}")
\`\`\`

timm backbones can be used the same way or directly through timm, which is handy when you want to fine-tune:

\`\`\`python
import timm
import torch
from PIL import Image

model = timm.create_model("hf-hub:timm/mobilenetv3_large_100.ra_in1k", pretrained=True).eval()
config = timm.data.resolve_data_config({}, model=model)
transform = timm.data.create_transform(**config)

with torch.no_grad():
    logits = model(transform(Image.open("kitchen-cat.jpg").convert("RGB")).unsqueeze(0))
print(logits.softmax(-1).topk(3))
\`\`\`

## Training your own

Fine-tuning a pretrained backbone on a few hundred images per class usually beats training from scratch by a wide margin. Keep the preprocessing (resize, crop, normalisation) identical to the one the backbone was pretrained with, add light augmentation (flips, colour jitter), and hold out a validation split to pick the epoch.

If you have no labelled data at all, try zero-shot image classification with a CLIP-style model first.

## Evaluating

Accuracy (and top-5 accuracy for many classes) is the headline number; for imbalanced classes look at per-class precision, recall and F1, and at the confusion matrix to see which labels get mixed up.

## Further reading

- [An Image is Worth 16x16 Words (ViT)](https://arxiv.org/abs/2010.11929)
- [timm documentation](https://huggingface.co/docs/timm/index)
- [Transformers task guide: image classification](https://huggingface.co/docs/transformers/tasks/image_classification)
`;
