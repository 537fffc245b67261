import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { repoNameOf } from "../helpers.js";

/** LTX-2: the pipelines run from the LTX-2 repository on weights downloaded from this repo. */
export function ltxSnippets(model: ModelData): string[] {
  const folder = `models/${repoNameOf(model.id)}`;
  return [
    shell`git clone https://github.com/Lightricks/LTX-2.git
cd LTX-2
uv sync --frozen

# Download the weights of this repository
hf download ${model.id} --local-dir ${folder}
# Then run one of the ltx_pipelines modules on these weights (see the LTX-2 README for the flags)`,
  ];
}
