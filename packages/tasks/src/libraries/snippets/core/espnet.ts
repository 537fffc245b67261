import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet, textInputOf } from "../helpers.js";

const DOCS = "https://github.com/espnet/espnet_model_zoo";

/** ESPnet: speech synthesis or recognition through the espnet2 inference classes. */
export function espnetSnippets(model: ModelData): string[] {
  if (model.pipeline_tag === "text-to-speech") {
    const text = textInputOf(model) ?? "Hello, this is a test of speech synthesis.";
    return [
      python`import soundfile
from espnet2.bin.tts_inference import Text2Speech

model = Text2Speech.from_pretrained(${model.id})
output = model(${text})
soundfile.write("speech.wav", output["wav"].numpy(), model.fs)`,
    ];
  }
  if (model.pipeline_tag === "automatic-speech-recognition") {
    return [
      python`import soundfile
from espnet2.bin.asr_inference import Speech2Text

model = Speech2Text.from_pretrained(${model.id})
speech, rate = soundfile.read("speech.wav")
text, *_ = model(speech)[0]
print(text)`,
    ];
  }
  return [placeholderSnippet(SNIPPET_PLACEHOLDERS.typeUnknown, DOCS)];
}
