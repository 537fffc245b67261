import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

const IMAGE_PAIR = [
  "https://raw.githubusercontent.com/magicleap/SuperGluePretrainedNetwork/master/assets/phototourism_sample_images/united_states_capitol_98169888_3347710852.jpg",
  "https://raw.githubusercontent.com/magicleap/SuperGluePretrainedNetwork/master/assets/phototourism_sample_images/united_states_capitol_26757027_6717084061.jpg",
];

/** LightGlue checkpoints in Transformers format: match keypoints between two images. */
export function lightglueSnippets(model: ModelData): string[] {
  return [
    python`from transformers import pipeline

keypoint_matcher = pipeline(task="keypoint-matching", model=${model.id})
matches = keypoint_matcher(${IMAGE_PAIR})
print(matches[:5])`,
  ];
}
