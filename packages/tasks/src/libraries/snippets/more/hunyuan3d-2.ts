import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Hunyuan3D-2: image-to-shape generation, then texture painting of the mesh. */
export function hunyuan3d2Snippets(model: ModelData): string[] {
  return [
    python`# Install from https://github.com/Tencent/Hunyuan3D-2
from hy3dgen.shapegen import Hunyuan3DDiTFlowMatchingPipeline
from hy3dgen.texgen import Hunyuan3DPaintPipeline

shape_pipeline = Hunyuan3DDiTFlowMatchingPipeline.from_pretrained(${model.id})
mesh = shape_pipeline(image="object.png")[0]

paint_pipeline = Hunyuan3DPaintPipeline.from_pretrained(${model.id})
textured = paint_pipeline(mesh, image="object.png")
textured.export("object.glb")`,
  ];
}
