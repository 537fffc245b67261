import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { idMentions } from "./common.js";

/** TRELLIS: 3D assets from an image (or from text for the text-conditioned checkpoints), exported as GLB. */
export function trellisSnippets(model: ModelData): string[] {
  const fromText = idMentions(model, "text");
  const setup = fromText
    ? python`from trellis.pipelines import TrellisTextTo3DPipeline
from trellis.utils import postprocessing_utils

pipeline = TrellisTextTo3DPipeline.from_pretrained(${model.id})
pipeline.cuda()

outputs = pipeline.run("A small wooden chair with a red cushion.", seed=1)`
    : python`from PIL import Image
from trellis.pipelines import TrellisImageTo3DPipeline
from trellis.utils import postprocessing_utils

pipeline = TrellisImageTo3DPipeline.from_pretrained(${model.id})
pipeline.cuda()

outputs = pipeline.run(Image.open("object.png"), seed=1)`;
  return [
    `# Code from https://github.com/microsoft/TRELLIS\n${setup}
glb = postprocessing_utils.to_glb(outputs["gaussian"][0], outputs["mesh"][0], simplify=0.95, texture_size=1024)
glb.export("asset.glb")`,
  ];
}
