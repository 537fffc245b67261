import type { TaskDataCustom } from "../task-data.js";
import { textToAudioAbout } from "./about.js";

export const textToAudioTask: TaskDataCustom = {
  summary:
    "Text-to-audio generates sound from a written description: music in a requested genre and mood, sound effects, ambience, or speech. It generalises text-to-speech beyond voices, so the Hub files it next to the text-to-speech page.",
  canonicalId: "text-to-speech",
  datasets: [
    {
      id: "google/MusicCaps",
      description:
        "Ten-second music clips from AudioSet, each described in prose by a professional musician.",
    },
    {
      id: "d0rj/audiocaps",
      description: "Everyday sound clips with human-written captions of what can be heard.",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Prompt",
        content: "Relaxed lo-fi hip hop beat with soft piano chords and vinyl crackle, 80 BPM",
      },
    ],
    outputs: [{ type: "img", filename: "text-to-audio-output-spectrogram.png" }],
  },
  metrics: [
    {
      id: "fad",
      description:
        "Fréchet Audio Distance between embedding statistics of generated and real audio; lower means more realistic.",
    },
    {
      id: "kl_divergence",
      description: "Divergence between audio-tagger label distributions of generated and reference clips.",
    },
    {
      id: "clap_score",
      description:
        "Cosine similarity between CLAP embeddings of the prompt and the generated audio (prompt adherence).",
    },
  ],
  models: [
    {
      id: "facebook/musicgen-small",
      description: "Small MusicGen model that writes 32 kHz music from text, usable on a consumer GPU.",
    },
    {
      id: "stabilityai/stable-audio-open-1.0",
      description: "Latent diffusion model for sound effects and short music stems up to 47 seconds.",
    },
    {
      id: "cvssp/audioldm2",
      description: "Latent diffusion model covering sound effects, music and speech.",
    },
    { id: "suno/bark", description: "Generates speech mixed with non-verbal sounds and simple music." },
  ],
  spaces: [
    {
      id: "facebook/MusicGen",
      description: "Generate music from a description, optionally guided by a melody.",
    },
    {
      id: "haoheliu/audioldm2-text2audio-text2music",
      description: "Type a description and AudioLDM 2 produces the matching sound or music clip.",
    },
  ],
  widgetModels: ["facebook/musicgen-small"],
  libraries: ["transformers", "audiocraft", "stable-audio-tools"],
  about: textToAudioAbout,
};
