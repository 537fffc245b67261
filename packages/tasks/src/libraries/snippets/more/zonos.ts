import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

/** Zonos: expressive TTS conditioned on a speaker embedding from a short reference clip. */
export function zonosSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`# pip install git+https://github.com/Zyphra/Zonos.git
import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

zonos = Zonos.from_pretrained(${model.id}, device="cuda")

reference, reference_rate = torchaudio.load("reference_voice.wav")  # 5 to 10 seconds of speech
speaker = zonos.make_speaker_embedding(reference, reference_rate)

conditioning = zonos.prepare_conditioning(make_cond_dict(text=${text}, speaker=speaker, language="en-us"))
codes = zonos.generate(conditioning)
speech = zonos.autoencoder.decode(codes).cpu()
torchaudio.save("zonos.wav", speech[0], zonos.autoencoder.sampling_rate)`,
  ];
}
