import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** The AudioCraft model family a checkpoint belongs to, from its tags or id. */
function familyOf(model: ModelData): "MusicGen" | "AudioGen" | "MAGNeT" {
  const hints = [model.id, ...(model.tags ?? [])].join(" ").toLowerCase();
  if (hints.includes("magnet")) return "MAGNeT";
  if (hints.includes("audiogen")) return "AudioGen";
  return "MusicGen";
}

/** AudioCraft: text-conditioned music or sound generation, one file per description. */
export function audiocraftSnippets(model: ModelData): string[] {
  const family = raw(familyOf(model));
  return [
    python`from audiocraft.data.audio import audio_write
from audiocraft.models import ${family}

model = ${family}.get_pretrained(${model.id})
model.set_generation_params(duration=8)

descriptions = ["happy rock", "energetic EDM", "sad jazz"]
wav = model.generate(descriptions)

for idx, one_wav in enumerate(wav):
    audio_write(f"sample_{idx}", one_wav.cpu(), model.sample_rate, strategy="loudness")`,
  ];
}
