export const textToAudioAbout = `## Where it is used

### Music sketches and backing tracks
Producers and video creators describe a mood ("tense orchestral build-up, low strings") and get a starting point or a royalty-free background loop.

### Sound design
Game studios and filmmakers generate footsteps, doors, weather and machine sounds to fill gaps in their libraries.

### Adaptive audio
Apps generate ambience on the fly, for example focus music that shifts with the time of day.

## Two main model designs
- **Autoregressive codec models** (MusicGen, Bark) turn audio into discrete tokens with a neural codec and generate those tokens one after another, like a language model.
- **Latent diffusion models** (AudioLDM 2, Stable Audio Open) start from noise in a compressed audio space and denoise it step by step, guided by a text encoder.

Prompts work best when they name genre, instruments, tempo and mood, or for sound effects the source, the environment and the distance ("rain on a tin roof, close, steady").

## How to run it

MusicGen through the transformers pipeline:

~~~python
import scipy.io.wavfile as wavfile
from transformers import pipeline

composer = pipeline("text-to-audio", model="facebook/musicgen-small")
track = composer(
    "upbeat acoustic folk with hand claps and whistling",
    forward_params={"do_sample": True, "max_new_tokens": 512},  # about ten seconds
)
wavfile.write("folk_sketch.wav", rate=track["sampling_rate"], data=track["audio"][0].T)
~~~

Stable Audio Open with diffusers, where you set the duration in seconds:

~~~python
import soundfile as sf
import torch
from diffusers import StableAudioPipeline

pipe = StableAudioPipeline.from_pretrained("stabilityai/stable-audio-open-1.0", torch_dtype=torch.float16).to("cuda")
result = pipe(
    "heavy wooden door creaking open in a stone hallway",
    negative_prompt="low quality, music",
    num_inference_steps=100,
    audio_end_in_s=6.0,
)
sf.write("door.wav", result.audios[0].T.float().cpu().numpy(), pipe.vae.sampling_rate)
~~~

## Evaluating
Fréchet Audio Distance compares the statistics of generated and real clips, CLAP score checks that the audio matches the prompt, and listening tests remain the final judge for musicality.

## Licensing
Check each model's licence: several music models allow research and non-commercial use only, and some training sets restrict redistribution of generated material.

## Resources
- [AudioCraft (MusicGen, AudioGen) repository](https://github.com/facebookresearch/audiocraft)
- [MusicGen paper: simple and controllable music generation](https://arxiv.org/abs/2306.05284)
- [AudioLDM 2 project page](https://audioldm.github.io/audioldm2/)
- [Stable Audio Open paper](https://arxiv.org/abs/2407.14358)
- [Audio generation in diffusers](https://huggingface.co/docs/diffusers/api/pipelines/stable_audio)
`;
