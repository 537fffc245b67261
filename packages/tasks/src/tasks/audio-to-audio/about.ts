export const audioToAudioAbout = `## Where it is used

### Speech enhancement
Remove keyboard clicks, traffic, hum and room echo from calls, podcasts and voice notes. Clean input also lowers the error rate of downstream speech recognition.

### Source separation
Split a meeting recording into one track per speaker, or a song into vocals, drums and bass for remixing, karaoke or transcription.

### Voice conversion and restoration
Make one speaker sound like another, or restore bandwidth and clarity to old or compressed recordings.

### Speech-to-speech translation
Translate spoken input straight into spoken output in another language, optionally keeping the speaker's voice.

## How the models work
Most enhancement and separation models operate on a learned representation of short audio frames (or on a spectrogram), predict a mask per output source, and decode the masked representation back to waveforms. Separation models are trained with permutation-invariant losses because the order of the output speakers is arbitrary.

## How to run it

Speech enhancement with SpeechBrain:

~~~python
import torchaudio
from speechbrain.inference.separation import SepformerSeparation

enhancer = SepformerSeparation.from_hparams(
    source="speechbrain/sepformer-wham16k-enhancement",
    savedir="pretrained/sepformer-enhance",
)
cleaned = enhancer.separate_file(path="noisy_voicemail.wav")  # shape: (batch, time, sources)
torchaudio.save("voicemail_clean.wav", cleaned[:, :, 0].detach().cpu(), 16000)
~~~

Two-speaker separation with the same API:

~~~python
splitter = SepformerSeparation.from_hparams(source="speechbrain/sepformer-wham", savedir="pretrained/sepformer-wham")
voices = splitter.separate_file(path="crosstalk_8k.wav")
for idx in range(voices.shape[-1]):
    torchaudio.save(f"speaker_{idx + 1}.wav", voices[:, :, idx].detach().cpu(), 8000)
~~~

Note the sample rates: each checkpoint is trained at a fixed rate (8 kHz or 16 kHz). Resample inputs to match, or quality drops sharply.

## Evaluating
With clean references, use SI-SDR for signal fidelity plus PESQ and STOI for perceived quality and intelligibility. On real recordings without references, reference-free predictors such as DNSMOS estimate listener ratings.

## Tips
- Enhancement can remove useful detail; compare ASR accuracy before and after enhancing.
- Over-aggressive denoising produces "musical noise" artefacts; blending some of the original signal back often sounds more natural.
- For long files, process overlapping windows and cross-fade the joins.

## Resources
- [SpeechBrain tutorials on enhancement and separation](https://speechbrain.readthedocs.io/)
- [Asteroid source-separation toolkit](https://github.com/asteroid-team/asteroid)
- [SepFormer paper: attention is all you need in speech separation](https://arxiv.org/abs/2010.13154)
- [Hugging Face audio course](https://huggingface.co/learn/audio-course)
`;
