/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-to-text models read a picture and write text about it. The classic case is **captioning** (one sentence describing the scene), but the same family covers **optical character recognition** of printed or handwritten lines and short structured descriptions.

For open-ended conversations about an image, with questions and follow-ups, look at the image-text-to-text task instead.

### Typical uses

- **Alt text**: draft descriptions for images on websites so screen-reader users are not left out.
- **Search and tagging**: turn a photo library into searchable text.
- **Digitisation**: read receipts, forms or historic handwriting line by line.
- **Dataset building**: caption raw images before training a text-to-image model.

## Running a model

\`\`\`python
from transformers import pipeline

captioner = pipeline("image-to-text", model="Salesforce/blip-image-captioning-large")
print(captioner("picnic.jpg")[0]["generated_text"])

reader = pipeline("image-to-text", model="microsoft/trocr-base-printed")
print(reader("receipt-line.png")[0]["generated_text"])
\`\`\`

TrOCR expects a crop containing a single line of text; run a text detector or a layout model first on full pages.

In JavaScript:

\`\`\`js
import { pipeline } from "@huggingface/transformers";

const caption = await pipeline("image-to-text", "Xenova/vit-gpt2-image-captioning");
const [{ generated_text }] = await caption("https://example.com/dog-on-beach.jpg");
console.log(generated_text);
\`\`\`

## Getting better captions

- Larger checkpoints describe more objects and relations; small ones are fast but generic.
- Many captioners accept a text prefix ("a photograph of") that steers the style of the output.
- Beam search gives safer, shorter captions; sampling gives more varied ones.

## Evaluating

Captions are compared with several human references using BLEU, METEOR, ROUGE-L and CIDEr; OCR output is scored with character and word error rates.

## Further reading

- [BLIP paper](https://arxiv.org/abs/2201.12086)
- [TrOCR paper](https://arxiv.org/abs/2109.10282)
- [Transformers task guide: image captioning](https://huggingface.co/docs/transformers/tasks/image_captioning)
`;
