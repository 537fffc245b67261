import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Kimi-Audio: speech recognition and spoken conversation; spoken answers are written at 24 kHz. */
export function kimiAudioSnippets(model: ModelData): string[] {
  return [
    python`# pip install git+https://github.com/MoonshotAI/Kimi-Audio.git
import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

kimi = KimiAudio(model_path=${model.id}, load_detokenizer=True)
sampling = {"audio_temperature": 0.8, "audio_top_k": 10, "text_temperature": 0.0, "text_top_k": 5}

# Transcription
asr_request = [
    {"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},
    {"role": "user", "message_type": "audio", "content": "question.wav"},
]
_, transcript = kimi.generate(asr_request, **sampling, output_type="text")
print(transcript)

# Spoken conversation
chat_request = [{"role": "user", "message_type": "audio", "content": "question.wav"}]
reply_audio, reply_text = kimi.generate(chat_request, **sampling, output_type="both")
sf.write("reply.wav", reply_audio.detach().cpu().view(-1).numpy(), 24000)
print(reply_text)`,
  ];
}
