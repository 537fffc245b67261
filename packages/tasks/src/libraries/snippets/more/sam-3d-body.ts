import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** SAM 3D Body: full-body human mesh recovery from one image. */
export function sam3dBodySnippets(model: ModelData): string[] {
  return [
    python`# Code from https://github.com/facebookresearch/sam-3d-body (run from the repository root)
import cv2
from notebook.utils import setup_sam_3d_body

estimator = setup_sam_3d_body(${model.id})
picture = cv2.cvtColor(cv2.imread("person.jpg"), cv2.COLOR_BGR2RGB)
people = estimator.process_one_image(picture)`,
  ];
}
