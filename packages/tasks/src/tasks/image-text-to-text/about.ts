/** Long-form task page text (markdown). */
export const about = `## What it is good for

Image-text-to-text models, often called vision-language models (VLMs), accept one or more images together with a text prompt and answer in free text. Under the hood a vision encoder turns the image into tokens that a language model reads alongside the words, so the model can describe, compare, reason about and extract information from pictures in a conversation.

### Typical uses

- **Visual assistants**: "what is wrong with this circuit?", "which of these shirts matches the trousers?".
- **Document and chart understanding**: read a table from a screenshot, explain a plot, transcribe a whiteboard.
- **Structured extraction**: return JSON with the fields of an invoice or an ID card.
- **Grounded agents**: describe a screen so an agent can decide where to click.

## Running a model

Chat-style models take a list of messages whose content mixes image and text parts.

\`\`\`python
from transformers import pipeline

vlm = pipeline("image-text-to-text", model="HuggingFaceTB/SmolVLM-Instruct")
messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "url": "https://example.com/fridge.jpg"},
            {"type": "text", "text": "List three dishes I could cook with what is in this fridge."},
        ],
    }
]
reply = vlm(text=messages, max_new_tokens=200, return_full_text=False)
print(reply[0]["generated_text"])
\`\`\`

Many hosted providers expose the same models behind an OpenAI-compatible chat endpoint where the image is passed as an \`image_url\` content part.

## Getting good answers

- Put the image before the question; most models were trained that way.
- Ask for a format explicitly ("answer with a JSON object with keys total and date").
- Higher input resolution helps with small text; some models tile large images automatically.
- Small VLMs (under 3B parameters) run on a laptop but hallucinate more on fine detail; check critical outputs.

## Evaluating

Benchmarks such as MMMU (college-level multimodal questions), MMBench, DocVQA, ChartQA and TextVQA cover reasoning, perception and reading. Scores are usually accuracy or ANLS (a fuzzy string match) against reference answers.

## Further reading

- [Visual Instruction Tuning (LLaVA)](https://arxiv.org/abs/2304.08485)
- [SmolVLM paper](https://arxiv.org/abs/2504.05299)
- [Transformers task guide: image-text-to-text](https://huggingface.co/docs/transformers/tasks/image_text_to_text)
`;
