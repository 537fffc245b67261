/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image feature extraction turns a picture into a vector (or a grid of vectors) that captures its visual content. The numbers themselves are not meant for people; they are the input for other systems. Images that look alike end up with vectors that are close together.

Backbones such as DINOv2/DINOv3, ViT, ConvNeXt or the image tower of CLIP are common choices. Self-supervised models like DINO give especially general-purpose features.

### Typical uses

- **Similarity search and deduplication**: find near-duplicate product photos or visually similar artworks.
- **Clustering and exploration**: group a photo collection without labels.
- **Lightweight classifiers**: train a logistic regression or k-NN on frozen embeddings with very little data.
- **Dense tasks**: patch features feed segmentation, depth or correspondence heads.

## Running a model

\`\`\`python
import numpy as np
from transformers import pipeline

extract = pipeline("image-feature-extraction", model="facebook/dinov2-base")

def embed(path: str) -> np.ndarray:
    tokens = np.array(extract(path)[0])   # one vector per token, the first is the CLS token
    vector = tokens[0]
    return vector / np.linalg.norm(vector)

a, b = embed("cat-1.jpg"), embed("cat-2.jpg")
print("cosine similarity:", float(a @ b))
\`\`\`

To get pooled vectors directly, use \`AutoModel\` and take \`pooler_output\`, or pass \`pool=True\` to the pipeline where the model supports it.

With timm, \`num_classes=0\` removes the classifier head so the model returns features:

\`\`\`python
import timm

backbone = timm.create_model("hf-hub:timm/mobilenetv3_large_100.ra_in1k", pretrained=True, num_classes=0)
\`\`\`

## Tips

- L2-normalise vectors and compare them with cosine similarity.
- Store embeddings in a vector index (FAISS, a vector database) for fast nearest-neighbour search.
- Use the same preprocessing for indexing and querying; mixing resolutions shifts the vectors.

## Evaluating

Feature quality is measured indirectly: linear-probe and k-NN accuracy on ImageNet, retrieval recall@k on image-search benchmarks, and performance of light heads on segmentation and depth.

## Further reading

- [DINOv2 paper](https://arxiv.org/abs/2304.07193)
- [DINOv3 paper](https://arxiv.org/abs/2508.10104)
- [timm feature extraction guide](https://huggingface.co/docs/timm/feature_extraction)
`;
