import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstFileOr } from "./common.js";

/** NInfer: a C++/CUDA engine (RTX 5090) run from its source build on the repo's `.ninfer` artifact. */
export function ninferSnippets(model: ModelData): string[] {
  const artifact = firstFileOr(model, "ninfer", "model.ninfer");
  return [
    shell`git clone https://github.com/Neroued/ninfer.git && cd ninfer
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build --parallel

hf download ${model.id} ${artifact} --local-dir models
./build/apps/ninfer ${`models/${artifact}`} --prompt "Explain prefill and decode in three sentences." --max-new 256`,
  ];
}
