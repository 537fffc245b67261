import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** TuneJury: a reward model scoring a (text, audio) pair for text-to-music preference alignment. */
export function tunejurySnippets(model: ModelData): string[] {
  return [
    python`# Install from https://github.com/yonghyunk1m/TuneJury (conda env create -f environment.yml)
from huggingface_hub import hf_hub_download
from tunejury import Scorer

scorer = Scorer.from_pretrained(hf_hub_download(${model.id}, ${firstFileOr(model, "pt", "tunejury.pt")}))
print(scorer.score("clip.wav", prompt="a calm piano piece"))`,
  ];
}
