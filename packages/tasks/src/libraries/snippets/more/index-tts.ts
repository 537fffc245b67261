import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, idMentions, sampleTextOr } from "./common.js";

/** IndexTTS: zero-shot voice cloning from a reference clip; IndexTTS-2 repositories use the v2 API. */
export function indexTtsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  const download = python`from huggingface_hub import snapshot_download

local_dir = snapshot_download(repo_id=${model.id}, local_dir="checkpoints")
`;
  if (idMentions(model, "indextts-2") || idMentions(model, "index-tts-2")) {
    return [
      download +
        python`
from indextts.infer_v2 import IndexTTS2

tts = IndexTTS2(cfg_path="checkpoints/config.yaml", model_dir="checkpoints")
tts.infer(spk_audio_prompt="reference_voice.wav", text=${text}, output_path="index_tts.wav")`,
    ];
  }
  return [
    download +
      python`
from indextts.infer import IndexTTS

index_tts = IndexTTS(cfg_path="checkpoints/config.yaml", model_dir="checkpoints")
index_tts.infer("reference_voice.wav", ${text}, "index_tts.wav")`,
  ];
}
