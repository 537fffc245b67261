import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, idMentions, sampleTextOr } from "./common.js";

/** Chatterbox TTS: speech from text, optionally in the voice of a reference clip; multilingual repos take a language. */
export function chatterboxSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  if (idMentions(model, "multilingual")) {
    return [
      python`# pip install chatterbox-tts
import torchaudio
from huggingface_hub import snapshot_download
from chatterbox.mtl_tts import ChatterboxMultilingualTTS

tts = ChatterboxMultilingualTTS.from_local(snapshot_download(${model.id}), device="cuda")
speech = tts.generate("Bonjour, comment allez-vous ?", language_id="fr")
torchaudio.save("speech_fr.wav", speech, tts.sr)`,
    ];
  }
  return [
    python`# pip install chatterbox-tts
import torchaudio
from huggingface_hub import snapshot_download
from chatterbox.tts import ChatterboxTTS

tts = ChatterboxTTS.from_local(snapshot_download(${model.id}), device="cuda")

speech = tts.generate(${text})
torchaudio.save("speech.wav", speech, tts.sr)

# Clone a voice by passing a short reference recording
cloned = tts.generate(${text}, audio_prompt_path="reference_voice.wav")
torchaudio.save("speech_cloned.wav", cloned, tts.sr)`,
  ];
}
