import type { TaskFormEntry } from "./types.js";

/** Try-it forms of the vision and multimodal tasks (image upload, boxes, masks…). Extension point. */
export const VISION_FORMS: readonly TaskFormEntry[] = [];
