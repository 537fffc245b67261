/** Long-form task page text (markdown). */
export const about = `## What it is good for

Visual question answering (VQA) takes an image and a natural-language question about it and returns a short answer: "How many people are on the bench?" → "three". Classic VQA models pick from a fixed vocabulary of frequent answers; newer generative models write the answer token by token.

### Typical uses

- **Accessibility**: blind and low-vision users ask about photos they take ("is the light on?").
- **Retail and inventory**: "is this shelf empty?", "what brand is this bottle?".
- **Image search**: filter a collection with yes/no questions instead of fixed tags.
- **Quality checks**: ask targeted questions about product photos or inspection images.

## Running a model

\`\`\`python
from transformers import pipeline

vqa = pipeline("visual-question-answering", model="dandelin/vilt-b32-finetuned-vqa")
answers = vqa(image="garden.jpg", question="What colour is the ball?", top_k=3)
for answer in answers:
    print(answer["answer"], round(answer["score"], 3))
\`\`\`

Generative checkpoints such as \`Salesforce/blip-vqa-base\` run through the same pipeline and can produce answers outside a fixed list. For long or reasoning-heavy answers use an image-text-to-text model.

## Tips

- Short, concrete questions work best with classifier-style VQA models.
- Counting and reading small text are the weakest skills of small models; crop or upscale the relevant region.
- Ask yes/no questions when you need a dependable boolean.

## Open-ended versus multiple-choice

Some benchmarks and products frame VQA as picking one option from a short list. In that setting, score each option with the model (or ask a generative model to answer with the option letter) and take the best one; it is easier to evaluate and less prone to vague answers.

## Evaluating

The VQAv2 accuracy metric compares each prediction with ten human answers and gives full credit when at least three annotators agreed. Knowledge-heavy sets such as OK-VQA and A-OKVQA test whether models can use outside knowledge, and GQA focuses on compositional reasoning.

## Further reading

- [ViLT paper](https://arxiv.org/abs/2102.03334)
- [BLIP paper](https://arxiv.org/abs/2201.12086)
- [Transformers task guide: visual question answering](https://huggingface.co/docs/transformers/tasks/visual_question_answering)
`;
