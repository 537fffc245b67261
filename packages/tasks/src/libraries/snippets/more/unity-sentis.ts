import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Unity Sentis: the .sentis files go to StreamingAssets; loading them is C# inside Unity. */
export function unitySentisSnippets(model: ModelData): string[] {
  return [
    shell`hf download ${model.id} --include "*.sentis" --local-dir Assets/StreamingAssets
# Then, in a Unity C# script:
#   Model model = ModelLoader.Load(Application.streamingAssetsPath + "/model.sentis");
#   Worker worker = new Worker(model, BackendType.GPUCompute);`,
  ];
}
