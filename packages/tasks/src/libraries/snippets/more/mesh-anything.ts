import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** MeshAnything: artist-style meshes from point clouds or dense meshes, run from its repository. */
export function meshAnythingSnippets(model: ModelData): string[] {
  return [
    shell`git clone https://github.com/buaacyw/MeshAnything.git
cd MeshAnything
pip install -r requirements.txt
hf download ${model.id} --local-dir checkpoints

python main.py --input_dir examples --out_dir mesh_output --input_type mesh`,
  ];
}
