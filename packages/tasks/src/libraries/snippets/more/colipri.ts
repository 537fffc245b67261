import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** COLIPRI: zero-shot classification of chest CT volumes against text prompts. */
export function colipriSnippets(model: ModelData): string[] {
  return [
    python`# pip install colipri
from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

encoder = get_model().cuda()
processor = get_processor()
classifier = ZeroShotImageClassificationPipeline(${model.id}, processor)

volume = load_sample_ct()
print(classifier(volume, ["No lung nodules", "Lung nodules"]))`,
  ];
}
