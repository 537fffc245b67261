import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** MatAnyone: video matting, as a raw network or through its inference processor. */
export function matanyoneSnippets(model: ModelData): string[] {
  return [
    python`# pip install git+https://github.com/pq-yang/MatAnyone
from matanyone.model.matanyone import MatAnyone

network = MatAnyone.from_pretrained(${model.id})`,
    python`from matanyone import InferenceCore

processor = InferenceCore(${model.id})
# First-frame mask of the subject, then the whole video:
foreground_path, alpha_path = processor.process_video(input_path="clip.mp4", mask_path="first_frame_mask.png")`,
  ];
}
