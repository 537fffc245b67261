import { RUNNABLE_DEMO_MODELS } from "../../tiny-onnx/demo-registry.js";
import { ONNX_RUNNABLE_FLAG } from "../../tiny-onnx/runnable-flag.js";

/** The hub's own runnable ONNX demo models (every task family), as catalogue lines (see model-row.ts). */
export const ONNX_DEMO_MODELS: string[] = RUNNABLE_DEMO_MODELS.map(
  (model) =>
    `${model.id} | ${model.task} | transformers.js | apache-2.0 | en | - | m=${model.modelType} onnx ${ONNX_RUNNABLE_FLAG}${
      model.flags ? ` ${model.flags.join(" ")}` : ""
    }${model.tags ? ` tags=${model.tags.join(",")}` : ""} | Shaped like ${model.purpose}, with random weights that this hub runs itself: its outputs are meaningless.`,
);
