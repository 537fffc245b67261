import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

/** VoxCPM: tokenizer-free TTS, optionally cloning the voice of a prompt recording. */
export function voxcpmSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`import soundfile as sf
from voxcpm import VoxCPM

tts = VoxCPM.from_pretrained(${model.id})

speech = tts.generate(
    text=${text},
    inference_timesteps=12,
    cfg_value=2.5,
    # To clone a voice, pass prompt_wav_path="voice.wav" and its transcript as prompt_text
)
sf.write("voxcpm.wav", speech, tts.tts_model.sample_rate)`,
  ];
}
