import type { TaskDataCustom } from "../task-data.js";
import { automaticSpeechRecognitionAbout } from "./about.js";

export const automaticSpeechRecognitionTask: TaskDataCustom = {
  summary:
    "Automatic speech recognition (ASR) converts spoken audio into written text. It powers captions, meeting notes, voice search and dictation, and many models also add punctuation, timestamps and language detection.",
  datasets: [
    {
      id: "openslr/librispeech_asr",
      description: "About 1,000 hours of read English audiobooks, the long-standing ASR benchmark.",
    },
    {
      id: "mozilla-foundation/common_voice_17_0",
      description: "Crowd-sourced recordings of read sentences in more than 100 languages.",
    },
    {
      id: "google/fleurs",
      description: "The same sentences read aloud in 102 languages, for multilingual evaluation.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "automatic-speech-recognition-input-waveform.png" }],
    outputs: [
      {
        type: "text",
        label: "Transcript",
        content: "Hi, this is Sam from the clinic. Your appointment is confirmed for Monday at nine.",
      },
    ],
  },
  metrics: [
    {
      id: "wer",
      description:
        "Word error rate: substitutions, deletions and insertions divided by the number of reference words.",
    },
    {
      id: "cer",
      description:
        "Character error rate, the same idea at character level; preferred for languages without spaces.",
    },
    {
      id: "rtfx",
      description: "Inverse real-time factor: seconds of audio transcribed per second of compute.",
    },
  ],
  models: [
    {
      id: "openai/whisper-large-v3",
      description:
        "Multilingual Whisper model that transcribes and translates speech in about 100 languages.",
    },
    {
      id: "openai/whisper-large-v3-turbo",
      description: "Whisper with a pruned decoder: much faster with a small accuracy cost.",
    },
    {
      id: "nvidia/parakeet-tdt-0.6b-v2",
      description: "English transducer model with very high throughput, punctuation and word timestamps.",
    },
    {
      id: "distil-whisper/distil-large-v3",
      description: "Distilled English Whisper that runs several times faster than the teacher.",
    },
    {
      id: "facebook/wav2vec2-base-960h",
      description: "CTC model trained on LibriSpeech; small and easy to fine-tune.",
    },
  ],
  spaces: [
    {
      id: "hf-audio/open_asr_leaderboard",
      description: "Word error rate and speed of open ASR models across many test sets.",
    },
    { id: "openai/whisper", description: "Record or upload audio and transcribe it with Whisper." },
    {
      id: "Xenova/whisper-webgpu",
      description: "Real-time Whisper transcription running entirely in the browser.",
    },
  ],
  widgetModels: ["openai/whisper-large-v3"],
  libraries: ["transformers", "transformers.js", "nemo", "espnet", "speechbrain", "k2", "whisperkit"],
  about: automaticSpeechRecognitionAbout,
};
