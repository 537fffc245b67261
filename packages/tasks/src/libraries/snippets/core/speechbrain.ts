import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet } from "../helpers.js";

interface InterfaceUse {
  module: string;
  method: "classify_file" | "transcribe_file" | "enhance_file" | "separate_file";
}

/** SpeechBrain inference interfaces: where each class lives and which file method it offers. */
const INTERFACES: Readonly<Record<string, InterfaceUse>> = {
  EncoderClassifier: { module: "classifiers", method: "classify_file" },
  AudioClassifier: { module: "classifiers", method: "classify_file" },
  SpeakerRecognition: { module: "speaker", method: "classify_file" },
  EncoderDecoderASR: { module: "ASR", method: "transcribe_file" },
  EncoderASR: { module: "ASR", method: "transcribe_file" },
  WhisperASR: { module: "ASR", method: "transcribe_file" },
  StreamingASR: { module: "ASR", method: "transcribe_file" },
  SpectralMaskEnhancement: { module: "enhancement", method: "enhance_file" },
  WaveformEnhancement: { module: "enhancement", method: "enhance_file" },
  SepformerSeparation: { module: "separation", method: "separate_file" },
};

/** SpeechBrain: the interface named in config.json, loaded from the Hub and run on an audio file. */
export function speechbrainSnippets(model: ModelData): string[] {
  const name = model.config?.speechbrain?.speechbrain_interface;
  if (!name) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.interfaceMissing)];
  const use = Object.hasOwn(INTERFACES, name) ? INTERFACES[name] : undefined;
  if (!use) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.interfaceInvalid)];
  return [
    python`from speechbrain.inference.${raw(use.module)} import ${raw(name)}

model = ${raw(name)}.from_hparams(${model.id})
model.${raw(use.method)}("file.wav")`,
  ];
}
