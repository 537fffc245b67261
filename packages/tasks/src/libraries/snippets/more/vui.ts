import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Vui: conversational speech; renders a line of text to a waveform at 22.05 kHz. */
export function vuiSnippets(model: ModelData): string[] {
  return [
    python`# pip install git+https://github.com/fluxions-ai/vui
import torchaudio
from huggingface_hub import snapshot_download
from vui.inference import render
from vui.model import Vui

snapshot_download(${model.id})  # caches the checkpoint Vui.from_pretrained loads
vui = Vui.from_pretrained().cuda()
waveform = render(vui, "Hey there! So, um, I was thinking we could try the new place downtown?")
torchaudio.save("vui.opus", waveform[0], 22050)`,
  ];
}
