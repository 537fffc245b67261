export const textToSpeechAbout = `## Where it is used

### Accessibility
Screen readers, read-aloud buttons on articles and spoken navigation make content usable for people with low vision or reading difficulties.

### Voice assistants and phone systems
Speech recognition, a language model and TTS together form a voice agent; a fast TTS model keeps the reply latency low.

### Content production
Narrate audiobooks, e-learning modules, podcasts or video voice-overs, often in several languages from one script.

### Personal voices
People who are losing the ability to speak can bank their voice and keep using it through a cloned TTS model (with consent safeguards).

## How modern TTS works
1. **Text front-end**: normalise numbers, dates and abbreviations ("10:15" becomes "ten fifteen") and optionally convert to phonemes.
2. **Acoustic model**: predicts a spectrogram or discrete audio tokens from the text, conditioned on a speaker or style.
3. **Vocoder / codec decoder**: turns that representation into a waveform.

End-to-end models (VITS, codec language models) fold these steps together; voice-cloning models add a reference clip as an extra input.

## How to run it

A compact model through the transformers pipeline:

~~~python
import scipy.io.wavfile as wavfile
from transformers import pipeline

speaker = pipeline("text-to-speech", model="facebook/mms-tts-eng")
clip = speaker("The library closes early on Sundays.")
wavfile.write("notice.wav", rate=clip["sampling_rate"], data=clip["audio"].squeeze())
~~~

Kokoro ships its own lightweight package:

~~~python
import numpy as np
import soundfile as sf
from kokoro import KPipeline

narrator = KPipeline(lang_code="a")  # "a" selects American English
chunks = [audio for _, _, audio in narrator("Chapter one. The fog rolled in at dawn.", voice="af_heart")]
sf.write("chapter1.wav", np.concatenate(chunks), 24000)
~~~

In the browser, transformers.js can synthesise speech locally:

~~~js
import { pipeline } from "@huggingface/transformers";

const tts = await pipeline("text-to-speech", "Xenova/mms-tts-eng");
const out = await tts("Welcome back! You have two new messages.");
const url = URL.createObjectURL(new Blob([out.toWav()], { type: "audio/wav" }));
new Audio(url).play();
~~~

## Evaluating voices
Automatic proxies are useful for regressions (ASR word error rate for intelligibility, speaker-embedding similarity for cloning, predicted MOS), but final decisions need listening tests. Blind pairwise comparisons, like the TTS Arena, are easier for listeners than absolute 1–5 scores.

## Responsible use
Voice cloning can impersonate real people. Obtain consent for reference voices, consider audio watermarking, and disclose synthetic speech to listeners.

## Resources
- [Text-to-speech guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/text-to-speech)
- [Hugging Face audio course: TTS chapter](https://huggingface.co/learn/audio-course/chapter6/introduction)
- [VITS paper: end-to-end TTS with adversarial learning](https://arxiv.org/abs/2106.06103)
- [TTS Arena leaderboard](https://huggingface.co/spaces/TTS-AGI/TTS-Arena)
`;
