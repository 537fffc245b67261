import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** VoiceCraft: speech editing and zero-shot TTS. */
export function voicecraftSnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/jasonppy/VoiceCraft
from models.voicecraft import VoiceCraft

voicecraft = VoiceCraft.from_pretrained(${model.id})
voicecraft.eval()`,
  ];
}
