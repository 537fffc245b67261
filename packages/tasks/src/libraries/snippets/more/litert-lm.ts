import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { isOtherHub } from "../helpers.js";
import type { LibrarySnippetOptions } from "../types.js";
import { firstFileOr } from "./common.js";

/**
 * LiteRT-LM CLI: runs a `.litertlm` file. On huggingface.co it downloads the file itself; on another
 * hub the snippet downloads it first with `hf` (which reads HF_ENDPOINT) and runs the local copy.
 */
export function litertLmSnippets(model: ModelData, options: LibrarySnippetOptions = {}): string[] {
  const file = firstFileOr(model, "litertlm", "model.litertlm");
  if (isOtherHub(options.hubUrl)) {
    return [
      shell`pip install -U litert-lm
hf download ${model.id} ${file} --local-dir .
litert-lm run ${`./${file}`} --prompt="Write me a poem"`,
    ];
  }
  return [
    shell`pip install -U litert-lm
litert-lm run --from-huggingface-repo=${model.id} ${file} --prompt="Write me a poem"`,
  ];
}
