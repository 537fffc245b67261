import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** BiRefNet: dichotomous segmentation, through transformers' remote code or the original package. */
export function birefnetSnippets(model: ModelData): string[] {
  return [
    python`# With transformers (the modelling code lives in the repository)
from transformers import AutoModelForImageSegmentation

segmenter = AutoModelForImageSegmentation.from_pretrained(${model.id}, trust_remote_code=True)
segmenter.eval()`,
    python`# With the BiRefNet code base: https://github.com/ZhengPeng7/BiRefNet
from models.birefnet import BiRefNet

segmenter = BiRefNet.from_pretrained(${model.id})
segmenter.eval()`,
  ];
}
