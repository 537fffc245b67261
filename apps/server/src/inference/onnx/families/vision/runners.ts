import type { FamilyRunner } from "../worker-api.js";
import { visionRunner } from "./runner.js";

/** The worker halves of the vision families (see ./requests.ts). */
export const VISION_RUNNERS: readonly FamilyRunner[] = [visionRunner];
