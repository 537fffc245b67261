import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** VibeVoice: multi-speaker long-form speech from a script and voice samples, all at 24 kHz. */
export function vibevoiceSnippets(model: ModelData): string[] {
  return [
    python`import librosa
import soundfile as sf
import torch
from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference
from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor

SAMPLE_RATE = 24000

# One mono voice sample per speaker, resampled to 24 kHz
voice, _ = librosa.load("speaker_voice.wav", sr=SAMPLE_RATE, mono=True)

processor = VibeVoiceProcessor.from_pretrained(${model.id})
vibevoice = VibeVoiceForConditionalGenerationInference.from_pretrained(${model.id}, torch_dtype=torch.bfloat16)
vibevoice = vibevoice.to("cuda").eval()
vibevoice.set_ddpm_inference_steps(5)

script = "Speaker 0: Welcome to the show!\\nSpeaker 0: Today we talk about speech models."
batch = processor(text=[script], voice_samples=[[voice]], return_tensors="pt")
result = vibevoice.generate(**batch, cfg_scale=1.3, tokenizer=processor.tokenizer)
sf.write("vibevoice.wav", result.speech_outputs[0].float().cpu().numpy().squeeze(), SAMPLE_RATE)`,
  ];
}
