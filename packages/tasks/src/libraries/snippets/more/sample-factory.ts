import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Sample Factory: downloads the experiment into ./train_dir for enjoying or further training. */
export function sampleFactorySnippets(model: ModelData): string[] {
  return [shell`python -m sample_factory.huggingface.load_from_hub -r ${model.id} -d ./train_dir`];
}
