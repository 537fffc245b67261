import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { hasTag } from "./common.js";

/** TensorFlowTTS: text-to-mel models come with a processor; vocoders turn mel spectrograms into audio. */
export function tensorflowttsSnippets(model: ModelData): string[] {
  if (hasTag(model, "text-to-mel")) {
    return [
      python`from tensorflow_tts.inference import AutoProcessor, TFAutoModel

processor = AutoProcessor.from_pretrained(${model.id})
text2mel = TFAutoModel.from_pretrained(${model.id})`,
    ];
  }
  if (hasTag(model, "mel-to-wav")) {
    return [
      python`from tensorflow_tts.inference import TFAutoModel

vocoder = TFAutoModel.from_pretrained(${model.id})
# mel_spectrograms: the output of a text-to-mel model
audio = vocoder.inference(mel_spectrograms)`,
    ];
  }
  return [
    python`from tensorflow_tts.inference import TFAutoModel

tts_model = TFAutoModel.from_pretrained(${model.id})`,
  ];
}
