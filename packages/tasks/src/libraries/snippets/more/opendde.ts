import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** OpenDDE: biomolecular structure prediction from a JSON job list, with a checkpoint from the repo. */
export function openddeSnippets(model: ModelData): string[] {
  const checkpoint = firstFileOr(model, "pt", "opendde.pt");
  return [
    shell`pip install opendde
hf download ${model.id} ${checkpoint} --local-dir checkpoint

# input.json: a list of jobs with their sequences (see the OpenDDE input format)
opendde pred -i input.json -o ./output --load_checkpoint_path ${`checkpoint/${checkpoint}`}`,
  ];
}
