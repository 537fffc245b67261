import type { TaskDataCustom } from "../task-data.js";
import { voiceActivityDetectionAbout } from "./about.js";

export const voiceActivityDetectionTask: TaskDataCustom = {
  summary:
    "Voice activity detection (VAD) finds the stretches of a recording in which someone is speaking. It is the small, fast first step before speech recognition, diarisation or streaming voice agents, cutting cost and avoiding transcripts of silence.",
  datasets: [
    {
      id: "edinburghcstr/ami",
      description:
        "About 100 hours of meetings with word-level timing, from which speech regions are derived.",
    },
    {
      id: "talkbank/callhome",
      description:
        "Telephone conversations with speaker turns annotated, used for VAD and diarisation tests.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "voice-activity-detection-input-waveform.png" }],
    outputs: [
      { type: "img", filename: "voice-activity-detection-output-segments.png" },
      {
        type: "text",
        label: "Speech segments",
        content: "0.40 s – 2.24 s\n3.36 s – 4.80 s\n5.92 s – 7.44 s",
      },
    ],
  },
  metrics: [
    {
      id: "detection_error_rate",
      description: "Missed speech plus false alarms, divided by the total duration of reference speech.",
    },
    { id: "f1", description: "Frame-level F1 score of the speech / non-speech decision." },
    {
      id: "roc_auc",
      description:
        "Area under the ROC curve of the frame speech probability, independent of the chosen threshold.",
    },
  ],
  models: [
    {
      id: "pyannote/segmentation-3.0",
      description: "Frame-level segmentation model behind pyannote's VAD, overlap detection and diarisation.",
    },
    {
      id: "speechbrain/vad-crdnn-libriparty",
      description:
        "Convolutional-recurrent VAD trained on LibriParty, returning speech boundaries in seconds.",
    },
    {
      id: "onnx-community/silero-vad",
      description: "ONNX export of the tiny Silero VAD, suited to real-time use on CPU or in the browser.",
    },
    {
      id: "pyannote/speaker-diarization-3.1",
      description: "Full diarisation pipeline; its speech regions double as a strong VAD.",
    },
  ],
  spaces: [
    {
      id: "pyannote/pretrained-pipelines",
      description: "Run pyannote pipelines on an uploaded file and inspect the detected regions.",
    },
    {
      id: "nvidia/nemotron-diarization",
      description: "Speaker diarisation demo that marks who is talking when.",
    },
  ],
  widgetModels: ["pyannote/segmentation-3.0"],
  libraries: ["pyannote-audio", "speechbrain", "nemo"],
  about: voiceActivityDetectionAbout,
};
