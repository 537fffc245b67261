import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** HunyuanDiT: the original code base samples images from the downloaded checkpoints. */
export function hunyuanDitSnippets(model: ModelData): string[] {
  const prompt = model.cardData?.instance_prompt || "一只戴着墨镜的猫在海边冲浪";
  return [
    shell`git clone https://github.com/Tencent/HunyuanDiT.git
cd HunyuanDiT
hf download ${model.id} --local-dir ./ckpts

python sample_t2i.py --infer-mode fa --no-enhance --prompt ${prompt}`,
  ];
}
