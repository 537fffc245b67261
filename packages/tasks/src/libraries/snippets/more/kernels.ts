import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Kernels: fetches a compiled compute kernel from the Hub for the local torch/CUDA build. */
export function kernelsSnippets(model: ModelData): string[] {
  return [
    python`# pip install kernels
from kernels import get_kernel

kernel = get_kernel(${model.id})
print([name for name in dir(kernel) if not name.startswith("_")])`,
  ];
}
