import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, firstFileOr, sampleTextOr } from "./common.js";

/** F5-TTS: flow-matching voice cloning; the checkpoint file comes from this repository. */
export function f5TtsSnippets(model: ModelData): string[] {
  const checkpoint = firstFileOr(model, "safetensors", "model.safetensors");
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`# pip install f5-tts
from f5_tts.api import F5TTS
from huggingface_hub import hf_hub_download

# model names the architecture of the checkpoint (F5TTS_v1_Base, F5TTS_Base, E2TTS_Base)
tts = F5TTS(model="F5TTS_v1_Base", ckpt_file=hf_hub_download(${model.id}, ${checkpoint}))

wav, sample_rate, _ = tts.infer(
    ref_file="reference_voice.wav",
    ref_text="Transcript of the reference clip.",
    gen_text=${text},
    file_wave="f5_tts.wav",
)`,
  ];
}
