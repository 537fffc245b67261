import type { TaskDataCustom } from "../task-data.js";
import { audioToAudioAbout } from "./about.js";

export const audioToAudioTask: TaskDataCustom = {
  summary:
    "Audio-to-audio models take a recording and return transformed audio. The family covers speech enhancement (denoising, de-reverberation), source separation into individual speakers or instruments, voice conversion and direct speech-to-speech translation.",
  datasets: [
    {
      id: "JacobLinCool/VoiceBank-DEMAND-16k",
      description: "Clean read speech mixed with real-world noise, the usual speech-enhancement benchmark.",
    },
    {
      id: "edinburghcstr/ami",
      description:
        "Meeting recordings with close-talk and far-field microphones, useful for enhancement and separation.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "audio-to-audio-input-noisy.png" }],
    outputs: [{ type: "img", filename: "audio-to-audio-output-clean.png" }],
  },
  metrics: [
    {
      id: "si-sdr",
      description:
        "Scale-invariant signal-to-distortion ratio in dB between output and clean reference; higher is better.",
    },
    {
      id: "pesq",
      description:
        "Perceptual Evaluation of Speech Quality, an ITU standard that predicts listener ratings (about 1 to 4.5).",
    },
    {
      id: "stoi",
      description: "Short-time objective intelligibility: predicted share of words a listener understands.",
    },
  ],
  models: [
    {
      id: "speechbrain/sepformer-wham16k-enhancement",
      description: "SepFormer transformer that removes background noise from 16 kHz speech.",
    },
    {
      id: "speechbrain/sepformer-wham",
      description: "SepFormer that separates two overlapping speakers recorded in noise.",
    },
    {
      id: "JorisCos/ConvTasNet_Libri2Mix_sepclean_8k",
      description: "Asteroid Conv-TasNet model splitting an 8 kHz two-speaker mix into separate tracks.",
    },
    {
      id: "speechbrain/metricgan-plus-voicebank",
      description: "MetricGAN+ enhancer trained to maximise a perceptual quality score.",
    },
  ],
  spaces: [
    {
      id: "ResembleAI/resemble-enhance",
      description: "Upload a noisy recording and get a denoised, restored version.",
    },
    {
      id: "abidlabs/music-separation",
      description: "Splits a song into vocals, drums, bass and other instruments.",
    },
    {
      id: "facebook/seamless-expressive",
      description: "Speech-to-speech translation that keeps the speaker's vocal style and pacing.",
    },
  ],
  widgetModels: ["speechbrain/sepformer-wham16k-enhancement"],
  libraries: ["speechbrain", "asteroid", "espnet"],
  about: audioToAudioAbout,
};
