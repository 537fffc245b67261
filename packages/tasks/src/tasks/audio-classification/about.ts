export const audioClassificationAbout = `## Where it is used

### Keyword spotting
Wake words ("hey device") and short commands run on phones and microcontrollers with tiny always-on models.

### Language and speaker identification
Route a call to an agent who speaks the caller's language, or verify that a voice matches an enrolled speaker.

### Emotion and paralinguistics
Estimate frustration or stress in support calls, or detect coughs and snoring in health apps.

### Sound event detection
Monitor machines for abnormal noise, detect gunshots or breaking glass in security systems, or log bird and animal calls for ecology studies.

## Single label, multi-label and zero-shot
- Keyword and language models pick one class per clip (softmax).
- Event taggers trained on AudioSet give an independent probability per class, since a clip can contain speech and music at once.
- CLAP-style audio-text models compare the clip with label descriptions you write, so you can add classes without retraining.

## How to run it

~~~python
from transformers import pipeline

tagger = pipeline("audio-classification", model="MIT/ast-finetuned-audioset-10-10-0.4593")
for tag in tagger("backyard_recording.wav", top_k=4):
    print(f"{tag['score']:.2f}  {tag['label']}")
~~~

Zero-shot, with your own label wording:

~~~python
from transformers import pipeline

listener = pipeline("zero-shot-audio-classification", model="laion/clap-htsat-unfused")
labels = ["a kettle whistling", "a baby crying", "a doorbell ringing", "silence"]
print(listener("kitchen_clip.wav", candidate_labels=labels)[0])
~~~

Language identification with SpeechBrain:

~~~python
from speechbrain.inference.classifiers import EncoderClassifier

lang_id = EncoderClassifier.from_hparams(source="speechbrain/lang-id-voxlingua107-ecapa", savedir="pretrained/lang-id")
_, confidence, _, label = lang_id.classify_file("voicemail.wav")
print(label[0], float(confidence.exp()))
~~~

## Fine-tuning tips
- Start from a pre-trained audio encoder (AST, HuBERT, wav2vec 2.0, BEATs) and train only a small head first.
- Keep clip length and sample rate consistent between training and inference.
- Augment with background noise, time shifts and SpecAugment masks; real-world audio is far messier than studio datasets.
- For rare events, report precision and recall at the operating threshold, not only accuracy.

## Resources
- [Audio classification guide in the transformers docs](https://huggingface.co/docs/transformers/tasks/audio_classification)
- [Hugging Face audio course: audio classification](https://huggingface.co/learn/audio-course/chapter4/introduction)
- [AST paper: Audio Spectrogram Transformer](https://arxiv.org/abs/2104.01778)
- [CLAP paper: learning audio concepts from natural language](https://arxiv.org/abs/2211.06687)
`;
