/** Long-form task page text (markdown). */
export const about = `## What it is good for

Video classification assigns labels to a whole clip. Unlike image classification it can use **time**: the difference between "opening a door" and "closing a door" only shows in the order of frames. Models sample a handful of frames (often 8 or 16), encode them jointly and output one score per action or category.

### Typical uses

- **Content moderation and tagging**: sort uploaded clips into sports, cooking, music and so on.
- **Activity recognition**: exercises in fitness apps, gestures for touch-free interfaces, actions in sports analytics.
- **Safety monitoring**: falls, fights or unusual movement in surveillance footage.
- **Video search**: index a long video by classifying short sliding windows.

## Running a model

\`\`\`python
from transformers import pipeline

classify = pipeline("video-classification", model="MCG-NJU/videomae-base-finetuned-kinetics")
for guess in classify("skateboarding.mp4", top_k=3):
    print(guess["label"], round(guess["score"], 3))
\`\`\`

The pipeline decodes the file and samples frames for you (a video backend such as PyAV must be installed). To control frame sampling yourself, load the processor and model directly:

\`\`\`python
import numpy as np
import torch
from transformers import AutoImageProcessor, VideoMAEForVideoClassification

processor = AutoImageProcessor.from_pretrained("MCG-NJU/videomae-base-finetuned-kinetics")
model = VideoMAEForVideoClassification.from_pretrained("MCG-NJU/videomae-base-finetuned-kinetics")

frames = list(np.random.randint(0, 255, (16, 224, 224, 3), dtype=np.uint8))  # replace with real frames
with torch.no_grad():
    logits = model(**processor(frames, return_tensors="pt")).logits
print(model.config.id2label[int(logits.argmax(-1))])
\`\`\`

## Tips

- Sample frames evenly across the part of the clip that contains the action; trimming idle seconds helps a lot.
- Kinetics-pretrained checkpoints transfer well; fine-tune on a few hundred clips per class.
- For long videos, classify overlapping windows and smooth the scores over time.

## Evaluating

Top-1 and top-5 accuracy on held-out clips are standard; for multi-label video tagging, mean average precision is used.

## Further reading

- [VideoMAE paper](https://arxiv.org/abs/2203.12602)
- [TimeSformer paper](https://arxiv.org/abs/2102.05095)
- [Transformers task guide: video classification](https://huggingface.co/docs/transformers/tasks/video_classification)
`;
