import type { TaskDataCustom } from "../task-data.js";
import { textToSpeechAbout } from "./about.js";

export const textToSpeechTask: TaskDataCustom = {
  summary:
    "Text-to-speech (TTS) turns written text into natural-sounding spoken audio. Modern models control voice, language and speaking style, and some can clone a voice from a few seconds of reference audio.",
  datasets: [
    {
      id: "keithito/lj_speech",
      description:
        "About 24 hours of a single speaker reading non-fiction, the classic single-voice TTS corpus.",
    },
    {
      id: "mythicinfinity/libritts",
      description: "Multi-speaker English audiobook speech segmented and normalised for TTS training.",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Text", content: "Your train to Glasgow departs from platform four at 10:15." },
    ],
    outputs: [{ type: "img", filename: "text-to-speech-output-waveform.png" }],
  },
  metrics: [
    {
      id: "mos",
      description: "Mean opinion score: listeners rate naturalness from 1 to 5 and the ratings are averaged.",
    },
    {
      id: "wer",
      description:
        "Word error rate of an ASR system transcribing the synthetic speech; checks intelligibility.",
    },
    {
      id: "speaker_similarity",
      description:
        "Cosine similarity between speaker embeddings of the reference voice and the generated audio.",
    },
  ],
  models: [
    {
      id: "hexgrad/Kokoro-82M",
      description: "82-million-parameter TTS model with many voices; fast enough for CPU use.",
    },
    {
      id: "ResembleAI/chatterbox",
      description: "Zero-shot voice cloning TTS with a control for emotional intensity.",
    },
    {
      id: "microsoft/speecht5_tts",
      description: "SpeechT5 model that takes a speaker embedding to choose the voice.",
    },
    { id: "suno/bark", description: "Generative model that can add laughter, sighs and music to speech." },
    {
      id: "coqui/XTTS-v2",
      description: "Multilingual voice-cloning model from a six-second reference clip.",
    },
  ],
  spaces: [
    { id: "hexgrad/Kokoro-TTS", description: "Pick a Kokoro voice and synthesise any text." },
    {
      id: "TTS-AGI/TTS-Arena",
      description: "Blind side-by-side voting that ranks TTS systems by preference.",
    },
    {
      id: "coqui/xtts",
      description: "Clone a voice from a short recording and speak text in many languages.",
    },
  ],
  widgetModels: ["hexgrad/Kokoro-82M"],
  libraries: ["transformers", "transformers.js", "espnet", "speechbrain", "nemo", "chatterbox"],
  about: textToSpeechAbout,
};
