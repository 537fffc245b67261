import type { TaskFamily } from "../family.js";

/**
 * Vision and multimodal task families (object detection, segmentation, depth, image features,
 * image-to-image, image-to-text, zero-shot image tasks, document QA). Extension point: add families
 * here (their runners in ./runners.ts); registry.ts already includes this list.
 */
export const VISION_FAMILIES: readonly TaskFamily[] = [];
