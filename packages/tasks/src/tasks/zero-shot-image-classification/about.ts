/** Long-form task page text (markdown). */
export const about = `## What it is good for

Zero-shot image classification sorts images into categories that you choose at inference time, written as plain text. Models such as CLIP and SigLIP were trained on hundreds of millions of image–caption pairs to place matching images and texts close together in a shared embedding space. To classify, the image embedding is compared with the embedding of each candidate label and the closest labels win.

No labelled training images are needed, which makes the task ideal for quick prototypes and long-tail categories.

### Typical uses

- **Ad-hoc sorting**: "photo of a receipt" vs "screenshot" vs "selfie" in a camera roll.
- **Content filtering** with policies that change often.
- **Bootstrapping datasets**: pre-label images before human review.
- **Image search**: the same embeddings power text-to-image retrieval.

## Running a model

\`\`\`python
from transformers import pipeline

classify = pipeline("zero-shot-image-classification", model="openai/clip-vit-base-patch32")
labels = ["a countryside scene", "a city street", "a beach", "an office"]
for item in classify("garden.jpg", candidate_labels=labels):
    print(f"{item['label']:<22} {item['score']:.3f}")
\`\`\`

With open_clip you can pick from many more pretrained image–text models:

\`\`\`python
import open_clip
import torch
from PIL import Image

model, _, preprocess = open_clip.create_model_and_transforms("ViT-B-32", pretrained="laion2b_s34b_b79k")
tokenizer = open_clip.get_tokenizer("ViT-B-32")
image = preprocess(Image.open("garden.jpg")).unsqueeze(0)
text = tokenizer(["a countryside scene", "a city street"])
with torch.no_grad():
    probs = (100 * model.encode_image(image) @ model.encode_text(text).T).softmax(-1)
print(probs)
\`\`\`

## Tips

- Wrap labels in a sentence ("a photo of a {label}"); prompt wording moves accuracy by several points.
- Scores are relative to the label set: adding or removing candidates changes every score.
- SigLIP scores each label independently, which suits multi-label questions.

## Evaluating

Zero-shot top-1 accuracy on ImageNet and on suites of 20+ downstream datasets (CLIP benchmark) is the standard comparison.

## Further reading

- [Learning Transferable Visual Models From Natural Language Supervision (CLIP)](https://arxiv.org/abs/2103.00020)
- [Sigmoid Loss for Language Image Pre-Training (SigLIP)](https://arxiv.org/abs/2303.15343)
- [OpenCLIP repository](https://github.com/mlfoundations/open_clip)
`;
