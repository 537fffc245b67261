import { AUDIO_MODELS } from "./audio-models.js";
import { GENERATIVE_MODELS } from "./generative-models.js";
import { LLM_MODELS } from "./llm-models.js";
import { parseModelLine, type ModelRow } from "./model-row.js";
import { MULTIMODAL_MODELS } from "./multimodal-models.js";
import { ONNX_DEMO_MODELS } from "./onnx-demo-models.js";
import { OTHER_MODELS } from "./other-models.js";
import { TEXT_MODELS } from "./text-models.js";
import { VISION_MODELS } from "./vision-models.js";

/** Every model row of the demo catalogue, parsed from the tables. */
export function allModelRows(): ModelRow[] {
  return [
    ...LLM_MODELS,
    ...TEXT_MODELS,
    ...VISION_MODELS,
    ...GENERATIVE_MODELS,
    ...AUDIO_MODELS,
    ...MULTIMODAL_MODELS,
    ...OTHER_MODELS,
    ...ONNX_DEMO_MODELS,
  ].map(parseModelLine);
}
