import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, idMentions, sampleTextOr } from "./common.js";

/** Qwen3-TTS: built-in voices (CustomVoice), designed voices (VoiceDesign) or cloning (base models). */
export function qwen3TtsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  const load = python`# pip install qwen-tts
import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

tts = Qwen3TTSModel.from_pretrained(${model.id}, device_map="cuda:0", dtype=torch.bfloat16)
`;
  let call: string;
  if (idMentions(model, "voicedesign")) {
    call = python`wavs, rate = tts.generate_voice_design(
    text=${text},
    language="English",
    instruct="A warm, calm female voice with a slight smile.",
)`;
  } else if (idMentions(model, "customvoice")) {
    call = python`wavs, rate = tts.generate_custom_voice(
    text=${text},
    speaker="Vivian",
    language="English",
    instruct="Cheerful and a little fast.",
)`;
  } else {
    call = python`wavs, rate = tts.generate_voice_clone(
    text=${text},
    language="English",
    ref_audio="reference_voice.wav",
    ref_text="Transcript of the reference clip.",
)`;
  }
  return [`${load}\n${call}\nsf.write("qwen3_tts.wav", wavs[0], rate)`];
}
