import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

/** Wan2.2 generate.py tasks, recognised from the repository name (TI2V before I2V: it contains it). */
const TASKS: ReadonlyArray<[string, string]> = [
  ["ti2v", "ti2v-5B"],
  ["i2v", "i2v-A14B"],
  ["s2v", "s2v-14B"],
  ["animate", "animate-14B"],
  ["t2v", "t2v-A14B"],
];

/** Wan2.2: video generation with the repository's generate.py and the downloaded checkpoint. */
export function wan22Snippets(model: ModelData): string[] {
  const task = TASKS.find(([part]) => idMentions(model, part))?.[1] ?? "t2v-A14B";
  const size = task === "ti2v-5B" ? "1280*704" : "1280*720";
  const prompt = "Two anthropomorphic cats in boxing gear fight on a spotlighted stage.";
  return [
    shell`git clone https://github.com/Wan-Video/Wan2.2.git
cd Wan2.2
pip install -r requirements.txt
hf download ${model.id} --local-dir ./checkpoint

python generate.py --task ${task} --size ${size} --ckpt_dir ./checkpoint --offload_model True --convert_model_dtype --prompt ${prompt}`,
  ];
}
