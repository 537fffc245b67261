import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

/** MARS5: voice-cloned speech from a reference clip and its transcript. */
export function mars5TtsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`# Code from https://github.com/Camb-ai/MARS5-TTS (run from the repository root)
import librosa
import torch
from inference import InferenceConfig, Mars5TTS

mars5 = Mars5TTS.from_pretrained(${model.id})

reference, _ = librosa.load("reference_voice.wav", sr=mars5.sr, mono=True)
settings = InferenceConfig(deep_clone=True, rep_penalty_window=100, top_k=100, temperature=0.7, freq_penalty=3)
codes, speech = mars5.tts(${text}, torch.from_numpy(reference), "Transcript of the reference clip.", cfg=settings)`,
  ];
}
