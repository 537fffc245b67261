import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** pyannote.audio: gated checkpoints, so both loaders take a Hugging Face token. */
export function pyannoteAudioSnippets(model: ModelData): string[] {
  if (model.tags?.includes("pyannote-audio-model")) {
    return [
      python`import os
from pyannote.audio import Inference, Model

model = Model.from_pretrained(${model.id}, token=os.environ["HF_TOKEN"])
inference = Inference(model)
output = inference("audio.wav")`,
    ];
  }
  return [
    python`import os
from pyannote.audio import Pipeline

pipeline = Pipeline.from_pretrained(${model.id}, token=os.environ["HF_TOKEN"])
output = pipeline("audio.wav")
print(output)`,
  ];
}
