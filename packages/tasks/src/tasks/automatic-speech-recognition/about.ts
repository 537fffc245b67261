export const automaticSpeechRecognitionAbout = `## Where it is used

### Captions and subtitles
Live captions for calls and broadcasts, and subtitle files (SRT/VTT) for recorded video, built from timestamped transcripts.

### Meetings and interviews
Transcribe, then hand the text to a summariser or a diarisation model to get "who said what" and a list of action items.

### Voice interfaces
Voice search, dictation in note apps, and the listening half of voice assistants, where low latency matters most.

### Analytics on calls
Contact centres transcribe calls to check compliance, measure sentiment and find recurring problems.

## Model families
- **Encoder-decoder (Whisper, Canary)**: robust to accents and noise, multilingual, can translate into English; decoding is autoregressive and slower.
- **CTC and transducer (wav2vec 2.0, Parakeet)**: predict characters or tokens frame by frame; very fast and good for streaming.
- **Audio language models**: an LLM with an audio encoder can transcribe and also answer questions about the audio (see audio-text-to-text).

## How to run it

~~~python
import torch
from transformers import pipeline

transcriber = pipeline(
    "automatic-speech-recognition",
    model="openai/whisper-large-v3-turbo",
    torch_dtype=torch.float16,
    device="cuda:0",
)
result = transcriber(
    "town_hall_recording.mp3",
    chunk_length_s=30,          # process long files in 30 s windows
    return_timestamps=True,
    generate_kwargs={"language": "english"},
)
print(result["text"])
for piece in result["chunks"][:3]:
    print(piece["timestamp"], piece["text"])
~~~

Leaving out the language lets Whisper detect it; passing task="translate" in generate_kwargs outputs English for any input language.

Offline, in the browser:

~~~js
import { pipeline } from "@huggingface/transformers";

const listen = await pipeline("automatic-speech-recognition", "onnx-community/whisper-base", { device: "webgpu" });
const { text } = await listen("https://example.com/voicemail.wav");
console.log(text);
~~~

## Getting better accuracy
- Resample audio to the rate the model expects (16 kHz for most).
- Remove long silences with a voice activity detector before transcribing; it saves compute and reduces hallucinated text.
- Give domain vocabulary via a prompt (Whisper's initial prompt) or fine-tune on a few hours of in-domain recordings.
- Normalise both transcripts (case, punctuation, numbers) before computing WER, or scores will not be comparable.

## Resources
- [ASR guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/asr)
- [Hugging Face audio course: speech recognition](https://huggingface.co/learn/audio-course/chapter5/introduction)
- [Whisper paper: robust speech recognition via large-scale weak supervision](https://arxiv.org/abs/2212.04356)
- [Open ASR Leaderboard](https://huggingface.co/spaces/hf-audio/open_asr_leaderboard)
`;
