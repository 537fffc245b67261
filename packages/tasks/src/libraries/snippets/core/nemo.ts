import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet } from "../helpers.js";

const DOCS = "https://docs.nvidia.com/nemo-framework/user-guide/latest/overview.html";

/** NVIDIA NeMo: speech recognition models load through the ASR collection; other domains point to the docs. */
export function nemoSnippets(model: ModelData): string[] {
  if (model.pipeline_tag === "automatic-speech-recognition") {
    return [
      python`import nemo.collections.asr as nemo_asr

asr_model = nemo_asr.models.ASRModel.from_pretrained(${model.id})
transcriptions = asr_model.transcribe(["audio.wav"])
print(transcriptions[0])`,
    ];
  }
  return [placeholderSnippet(SNIPPET_PLACEHOLDERS.typeUnknown, DOCS)];
}
