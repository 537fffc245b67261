import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** LivePortrait: animates a portrait with a driving video, from the repository's inference script. */
export function liveportraitSnippets(model: ModelData): string[] {
  return [
    shell`git clone https://github.com/KwaiVGI/LivePortrait.git
cd LivePortrait
pip install -r requirements.txt
hf download ${model.id} --local-dir pretrained_weights --exclude "*.git*" "README.md" "docs"

python inference.py -s assets/examples/source/s9.jpg -d assets/examples/driving/d0.mp4`,
  ];
}
