import { seq2seqRunner } from "./seq2seq/runner.js";
import { speechRunner } from "./speech/runner.js";
import { textGenerationRunner } from "./text-generation/runner.js";
import { VISION_RUNNERS } from "./vision/runners.js";
import type { FamilyRunner } from "./worker-api.js";

/** The worker halves of the task families (registry.ts lists their request halves). Extension point. */
export const FAMILY_RUNNERS: readonly FamilyRunner[] = [
  textGenerationRunner,
  seq2seqRunner,
  speechRunner,
  ...VISION_RUNNERS,
];
