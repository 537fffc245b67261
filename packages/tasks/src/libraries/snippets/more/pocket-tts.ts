import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

const VOICE_PROMPT = "hf://kyutai/tts-voices/alba-mackenna/casual.wav";

/** Pocket TTS: CPU speech synthesis conditioned on a voice prompt. */
export function pocketTtsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`import scipy.io.wavfile
from pocket_tts import TTSModel

tts = TTSModel.load_model(${model.id})
voice = tts.get_state_for_audio_prompt(${VOICE_PROMPT})

pcm = tts.generate_audio(voice, ${text})  # 1-D torch tensor
scipy.io.wavfile.write("pocket.wav", tts.sample_rate, pcm.numpy())`,
  ];
}
