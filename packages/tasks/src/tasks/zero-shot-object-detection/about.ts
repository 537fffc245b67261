/** Long-form task page text (markdown). */
export const about = `## What it is good for

Zero-shot (open-vocabulary) object detection finds objects described by free text, not only the classes fixed at training time. You pass the image and a list of phrases ("a red ball", "a chimney", "a person holding an umbrella") and get back boxes and scores for each phrase.

The models align region features with text embeddings, in the spirit of CLIP, so new categories cost nothing but a new string.

### Typical uses

- **Rapid prototyping** of detectors before any annotation effort.
- **Long-tail search**: find rare items in large photo or drone collections.
- **Auto-labelling**: generate candidate boxes that humans only need to confirm, or that prompt a mask generator.
- **Robotics**: "pick up the blue mug" without retraining for every new object.

## Running a model

\`\`\`python
from transformers import pipeline

detector = pipeline("zero-shot-object-detection", model="google/owlv2-base-patch16-ensemble")
found = detector("garden.jpg", candidate_labels=["house", "red ball", "bicycle"], threshold=0.2)
for item in found:
    print(item["label"], round(item["score"], 2), item["box"])
\`\`\`

Grounding DINO takes a single text query in which phrases are separated by dots:

\`\`\`python
import torch
from PIL import Image
from transformers import AutoModelForZeroShotObjectDetection, AutoProcessor

repo = "IDEA-Research/grounding-dino-tiny"
processor = AutoProcessor.from_pretrained(repo)
model = AutoModelForZeroShotObjectDetection.from_pretrained(repo)
image = Image.open("garden.jpg")
inputs = processor(images=image, text="a house. a red ball.", return_tensors="pt")
with torch.no_grad():
    outputs = model(**inputs)
boxes = processor.post_process_grounded_object_detection(outputs, inputs.input_ids, target_sizes=[image.size[::-1]])
print(boxes[0]["labels"], boxes[0]["scores"])
\`\`\`

## Tips

- Short noun phrases work better than full sentences for OWL-style models.
- Tune the score threshold per label; rare concepts get lower scores.
- If you need high accuracy on a fixed set of classes, fine-tune a closed-set detector on boxes produced this way.

## Evaluating

Open-vocabulary detectors are measured with mAP on COCO and on LVIS, whose 1,200 categories include many rare ones; results are often split into rare, common and frequent classes.

## Further reading

- [Simple Open-Vocabulary Object Detection (OWL-ViT)](https://arxiv.org/abs/2205.06230)
- [Grounding DINO paper](https://arxiv.org/abs/2303.05499)
- [Transformers task guide: zero-shot object detection](https://huggingface.co/docs/transformers/tasks/zero_shot_object_detection)
`;
