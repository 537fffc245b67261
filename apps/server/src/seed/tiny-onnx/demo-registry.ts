import type { RunnableDemoModel } from "./demo-model.js";
import { CLASSIC_DEMOS } from "./families/classic.js";
import { SEQ2SEQ_DEMOS } from "./families/seq2seq.js";
import { SPEECH_DEMOS } from "./families/speech.js";
import { TEXT_GENERATION_DEMOS } from "./families/text-generation.js";
import { VISION_DEMOS } from "./families/vision.js";

/**
 * Every runnable demo model the hub seeds under `modelhub-demo/`, one list per task family. A new
 * family is a module under `families/` and one line here; the catalogue, the seed import, the cards
 * and the tests read this list.
 */
export const RUNNABLE_DEMO_MODELS: readonly RunnableDemoModel[] = [
  ...CLASSIC_DEMOS,
  ...TEXT_GENERATION_DEMOS,
  ...SEQ2SEQ_DEMOS,
  ...SPEECH_DEMOS,
  ...VISION_DEMOS,
];

export function runnableDemoModel(id: string): RunnableDemoModel | undefined {
  return RUNNABLE_DEMO_MODELS.find((model) => model.id.toLowerCase() === id.toLowerCase());
}
