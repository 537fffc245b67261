/** Long-form task page text (markdown). */
export const about = `## What it is good for

Any-to-any models accept and produce several modalities within one network: text, images, audio and sometimes video on the way in, and text plus images or speech on the way out. One model can look at a photo and describe it aloud, hold a spoken conversation, or both understand and generate pictures.

They usually tokenise every modality into a shared sequence that a single transformer processes, with separate decoders that turn output tokens back into audio waveforms or pixels.

### Typical uses

- **Voice assistants with eyes**: talk to a model about what the camera sees and hear the answer.
- **Unified creative tools**: describe, edit and generate images in one conversation.
- **Accessibility**: speech in, speech out, with visual context.
- **Research**: studying how shared representations transfer between modalities.

## Running a model

Interfaces differ between projects; many ship a processor that accepts mixed content and return both text and audio. A typical pattern with Transformers:

\`\`\`python
import soundfile as sf
from transformers import Qwen2_5OmniForConditionalGeneration, Qwen2_5OmniProcessor

repo = "Qwen/Qwen2.5-Omni-7B"
model = Qwen2_5OmniForConditionalGeneration.from_pretrained(repo, torch_dtype="auto", device_map="auto")
processor = Qwen2_5OmniProcessor.from_pretrained(repo)

conversation = [
    {
        "role": "user",
        "content": [
            {"type": "image", "image": "garden.jpg"},
            {"type": "text", "text": "Describe this place in two sentences, as if guiding a visitor."},
        ],
    }
]
inputs = processor.apply_chat_template(
    conversation, add_generation_prompt=True, tokenize=True, return_dict=True, return_tensors="pt"
).to(model.device)
text_ids, audio = model.generate(**inputs, max_new_tokens=120)
print(processor.batch_decode(text_ids, skip_special_tokens=True)[0])
sf.write("guide.wav", audio.reshape(-1).float().cpu().numpy(), samplerate=24000)
\`\`\`

Check each model card for the exact message format and the system prompt it expects when speech output is enabled.

## Tips

- These models are large; quantised variants and GPU offloading make them practical on a single card.
- Latency matters for speech: streaming generation keeps conversations natural.
- Evaluate each modality you rely on separately; quality often differs between them.

## Evaluating

Because they span modalities, any-to-any models are scored on many benchmarks at once: MMMU or MMBench for image understanding, word error rate for speech recognition, speech-quality ratings for synthesis, and GenEval-style checks for image generation.

## Further reading

- [Qwen2.5-Omni technical report](https://arxiv.org/abs/2503.20215)
- [Janus-Pro paper](https://arxiv.org/abs/2501.17811)
- [MiniCPM-o model card](https://huggingface.co/openbmb/MiniCPM-o-2_6)
`;
