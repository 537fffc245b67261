import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, idMentions, sampleTextOr } from "./common.js";

/** CosyVoice: zero-shot voice cloning; CosyVoice2 repositories use the CosyVoice2 class. */
export function cosyvoiceSnippets(model: ModelData): string[] {
  const cls = raw(idMentions(model, "cosyvoice2") ? "CosyVoice2" : "CosyVoice");
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`# Code from https://github.com/FunAudioLLM/CosyVoice (run from the repository root)
import torchaudio
from huggingface_hub import snapshot_download
from cosyvoice.cli.cosyvoice import ${cls}
from cosyvoice.utils.file_utils import load_wav

model_dir = snapshot_download(${model.id}, local_dir="pretrained_models/cosyvoice")
tts = ${cls}(model_dir, load_jit=False, load_trt=False, fp16=False)

prompt_speech = load_wav("reference_voice.wav", 16000)
outputs = tts.inference_zero_shot(${text}, "Transcript of the reference clip.", prompt_speech, stream=False)
for index, output in enumerate(outputs):
    torchaudio.save(f"cosyvoice_{index}.wav", output["tts_speech"], tts.sample_rate)`,
  ];
}
