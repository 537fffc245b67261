import type { TaskDataCustom } from "../task-data.js";
import { audioClassificationAbout } from "./about.js";

export const audioClassificationTask: TaskDataCustom = {
  summary:
    "Audio classification assigns labels to a sound clip: which keyword was spoken, which language, what emotion, or which event (a siren, a dog, glass breaking). Models usually look at a spectrogram of the clip and output a score per class.",
  datasets: [
    {
      id: "google/speech_commands",
      description: "One-second recordings of short spoken commands such as 'yes', 'stop' and 'left'.",
    },
    {
      id: "agkphysics/AudioSet",
      description: "YouTube clips tagged with 527 sound-event classes, from speech and music to engines.",
    },
    { id: "ashraq/esc50", description: "2,000 five-second environmental sounds in 50 balanced classes." },
    { id: "marsyas/gtzan", description: "Thirty-second music excerpts labelled with one of ten genres." },
  ],
  demo: {
    inputs: [{ type: "img", filename: "audio-classification-input-spectrogram.png" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Dog bark", score: 0.86 },
          { label: "Speech", score: 0.07 },
          { label: "Car horn", score: 0.04 },
          { label: "Rain", score: 0.03 },
        ],
      },
    ],
  },
  metrics: [
    {
      id: "accuracy",
      description: "Share of clips whose top predicted class is correct (single-label datasets).",
    },
    {
      id: "mAP",
      description:
        "Mean average precision over classes; the usual score for multi-label event tagging like AudioSet.",
    },
    { id: "f1", description: "Balance of precision and recall, macro-averaged when classes are imbalanced." },
  ],
  models: [
    {
      id: "MIT/ast-finetuned-audioset-10-10-0.4593",
      description: "Audio Spectrogram Transformer tagging clips with the 527 AudioSet classes.",
    },
    {
      id: "speechbrain/lang-id-voxlingua107-ecapa",
      description: "ECAPA-TDNN model identifying which of 107 languages is being spoken.",
    },
    {
      id: "superb/hubert-large-superb-er",
      description: "HuBERT model recognising emotion (neutral, happy, angry, sad) in speech.",
    },
    {
      id: "laion/clap-htsat-unfused",
      description: "CLAP audio-text model for zero-shot classification with labels written as text.",
    },
  ],
  spaces: [
    {
      id: "laion/clap-audio-text-retrieval",
      description: "Match audio against free-text descriptions with a CLAP model.",
    },
    { id: "speechbrain/audio-classification", description: "Upload a sound and get its predicted category." },
    {
      id: "nvidia/audio-flamingo-2",
      description: "Audio-language model demo that can name the sounds, instruments and events in a clip.",
    },
  ],
  widgetModels: ["MIT/ast-finetuned-audioset-10-10-0.4593"],
  libraries: ["transformers", "transformers.js", "speechbrain"],
  about: audioClassificationAbout,
};
