import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SAMPLE_SPEECH_TEXT, sampleTextOr } from "./common.js";

/** KittenTTS: small CPU text-to-speech; its audio is 24000 Hz. */
export function kittenttsSnippets(model: ModelData): string[] {
  const text = sampleTextOr(model, SAMPLE_SPEECH_TEXT);
  return [
    python`import soundfile as sf
from kittentts import KittenTTS

tts = KittenTTS(${model.id})
samples = tts.generate(${text})
sf.write("kitten.wav", samples, 24000)`,
  ];
}
