import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Supertonic: on-device TTS with preset voice styles. */
export function supertonicSnippets(model: ModelData): string[] {
  return [
    python`# pip install supertonic
from huggingface_hub import snapshot_download
from supertonic import TTS

snapshot_download(${model.id})  # caches the ONNX files the package loads

tts = TTS(auto_download=True)
voice_style = tts.get_voice_style(voice_name="M1")

speech, duration = tts.synthesize("The meeting moved to 3:30 PM on Friday, June 6.", voice_style=voice_style)
tts.save_audio(speech, "supertonic.wav")`,
  ];
}
