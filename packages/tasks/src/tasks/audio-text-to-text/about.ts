export const audioTextToTextAbout = `## How these models are built
An audio encoder (often derived from Whisper) turns the waveform into a sequence of embeddings. A small projector maps them into the embedding space of a text language model, which then reads "audio tokens" followed by your instruction and generates the answer. Because the language model does the reasoning, one checkpoint handles many audio tasks that used to need separate systems.

## Where it is used

### Understanding calls and meetings
Ask for a summary, the decisions made, or whether the customer sounded satisfied, without running a separate transcription step.

### Voice agents
Speech goes straight into the model, so it can react to tone, hesitation and background sounds that a transcript would drop.

### Audio content analysis
Describe what happens in a sound clip, identify instruments and mood in music, or answer questions about a podcast episode.

### Accessibility
Explain non-speech sounds (alarms, applause, laughter) to deaf and hard-of-hearing users.

## How to run it

~~~python
import librosa
from transformers import AutoProcessor, Qwen2AudioForConditionalGeneration

checkpoint = "Qwen/Qwen2-Audio-7B-Instruct"
proc = AutoProcessor.from_pretrained(checkpoint)
listener = Qwen2AudioForConditionalGeneration.from_pretrained(checkpoint, device_map="auto")

chat = [
    {"role": "user", "content": [
        {"type": "audio", "audio_url": "support_call.wav"},
        {"type": "text", "text": "List the customer's two main complaints."},
    ]},
]
prompt = proc.apply_chat_template(chat, add_generation_prompt=True, tokenize=False)
waveform, _ = librosa.load("support_call.wav", sr=proc.feature_extractor.sampling_rate)
batch = proc(text=prompt, audios=[waveform], return_tensors="pt", padding=True).to(listener.device)

generated = listener.generate(**batch, max_new_tokens=200)
answer_ids = generated[:, batch["input_ids"].shape[1]:]
print(proc.batch_decode(answer_ids, skip_special_tokens=True)[0])
~~~

The same chat structure works for follow-up turns: append the assistant's reply and a new user message, with or without another audio clip.

## Practical notes
- Most models are trained on clips up to about 30 seconds; split longer recordings or use a model with long-audio support.
- For pure transcription at scale, a dedicated ASR model is faster and cheaper; use audio-text-to-text when you need reasoning about the audio.
- Check answers that depend on exact wording or numbers against a transcript, as these models can paraphrase or guess.

## Resources
- [Qwen2-Audio technical report](https://arxiv.org/abs/2407.10759)
- [Ultravox repository](https://github.com/fixie-ai/ultravox)
- [VoiceBench paper](https://arxiv.org/abs/2410.17196)
- [Multimodal chat templates in transformers](https://huggingface.co/docs/transformers/chat_templating_multimodal)
`;
