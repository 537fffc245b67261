import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** COMET: machine-translation quality scores for source/translation/reference triplets. */
export function cometSnippets(model: ModelData): string[] {
  return [
    python`# pip install unbabel-comet
from comet import download_model, load_from_checkpoint

scorer = load_from_checkpoint(download_model(${model.id}))

triplets = [
    {"src": "Dem Feuer konnte Einhalt geboten werden", "mt": "The fire could be stopped", "ref": "They were able to control the fire."},
    {"src": "Schulen und Kindergärten wurden eröffnet.", "mt": "Schools and kindergartens were open", "ref": "Schools and kindergartens opened"},
]
result = scorer.predict(triplets, batch_size=8, gpus=1)
print(result.system_score)`,
  ];
}
