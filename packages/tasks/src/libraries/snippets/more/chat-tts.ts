import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

/** ChatTTS: conversational speech synthesis from this repository's assets; audio comes out at 24 kHz. */
export function chatTtsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`import ChatTTS
import soundfile as sf
from huggingface_hub import snapshot_download

assets = snapshot_download(${model.id})
chat = ChatTTS.Chat()
chat.load(source="custom", custom_path=assets, compile=False)  # compile=True is faster after a warm-up

waveforms = chat.infer([${text}])
sf.write("chat_tts.wav", waveforms[0].squeeze(), 24000)`,
  ];
}
