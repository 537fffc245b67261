import type { FamilyRunner } from "../worker-api.js";

/** The worker halves of the vision families (see ./requests.ts). Extension point. */
export const VISION_RUNNERS: readonly FamilyRunner[] = [];
