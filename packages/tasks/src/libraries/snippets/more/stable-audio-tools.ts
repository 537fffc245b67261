import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Stable Audio Tools: text-conditioned audio generation, peak-normalised and saved as 16-bit WAV. */
export function stableAudioToolsSnippets(model: ModelData): string[] {
  const prompt = model.cardData?.instance_prompt || "128 BPM tech house drum loop";
  return [
    python`from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond
import torch
import torchaudio
from einops import rearrange

audio_model, audio_config = get_pretrained_model(${model.id})
device = "cuda" if torch.cuda.is_available() else "cpu"
audio_model = audio_model.to(device)

batch = generate_diffusion_cond(
    audio_model,
    conditioning=[{"prompt": ${prompt}, "seconds_start": 0, "seconds_total": 10}],
    sample_size=audio_config["sample_size"],
    device=device,
)

stereo = rearrange(batch, "b d n -> d (b n)").to(torch.float32)
stereo = (stereo / stereo.abs().max()).clamp(-1, 1).mul(32767).to(torch.int16).cpu()
torchaudio.save("stable_audio.wav", stereo, audio_config["sample_rate"])`,
  ];
}
