/** Long-form task page text (markdown). */
export const about = `## What it is good for

Video-text-to-text models watch a video clip and answer a text prompt about it: summarise what happens, find when something occurs, count repetitions, describe a person's actions, or answer a multiple-choice question. They are vision-language models that sample frames over time and feed them, with timing information, to a language model.

### Typical uses

- **Video summaries and chapters** for long recordings, lectures and meetings.
- **Search inside videos**: "at what point does the speaker show the diagram?".
- **Sports and fitness feedback**: describe technique or count repetitions.
- **Accessibility**: narrated descriptions of what is happening on screen.

## Running a model

\`\`\`python
import torch
from transformers import AutoModelForImageTextToText, AutoProcessor

repo = "HuggingFaceTB/SmolVLM2-2.2B-Instruct"
processor = AutoProcessor.from_pretrained(repo)
model = AutoModelForImageTextToText.from_pretrained(repo, torch_dtype=torch.bfloat16, device_map="auto")

conversation = [
    {
        "role": "user",
        "content": [
            {"type": "video", "path": "garden-ball.mp4"},
            {"type": "text", "text": "Describe what moves in this clip and in which direction."},
        ],
    }
]
inputs = processor.apply_chat_template(
    conversation, add_generation_prompt=True, tokenize=True, return_dict=True, return_tensors="pt"
).to(model.device, dtype=torch.bfloat16)
generated = model.generate(**inputs, max_new_tokens=120)
print(processor.batch_decode(generated[:, inputs["input_ids"].shape[1]:], skip_special_tokens=True)[0])
\`\`\`

Qwen2.5-VL and LLaVA-NeXT-Video checkpoints follow the same chat-template pattern.

## Tips

- Frame budget is the main knob: more frames catch short events but cost memory; sample densely only around the moments that matter.
- For hour-long videos, split into segments, summarise each, then summarise the summaries.
- Ask for timestamps explicitly if the model supports temporal grounding.

## Evaluating

Benchmarks such as Video-MME, MVBench and LongVideoBench pose multiple-choice questions over clips of different lengths and report accuracy; captioning quality is also judged with reference-based text metrics or with LLM judges.

## Further reading

- [Video-MME benchmark paper](https://arxiv.org/abs/2405.21075)
- [SmolVLM paper](https://arxiv.org/abs/2504.05299)
- [Qwen2.5-VL technical report](https://arxiv.org/abs/2502.13923)
`;
