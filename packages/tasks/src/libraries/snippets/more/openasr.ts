import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { repoNameOf } from "../helpers.js";

/** OpenASR: a speech-recognition CLI whose model registry uses the repository name as the model id. */
export function openasrSnippets(model: ModelData): string[] {
  const name = repoNameOf(model.id);
  return [
    shell`# Install the openasr CLI from https://github.com/QuintinShaw/openasr/releases, then:
openasr pull ${name}
openasr transcribe audio.wav --model ${name}`,
  ];
}
