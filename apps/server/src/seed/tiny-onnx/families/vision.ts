import type { RunnableDemoModel } from "../demo-model.js";

/**
 * Vision and multimodal demo models (object detection, segmentation, depth, image features,
 * image-to-image, image-to-text, zero-shot image tasks, document QA). Extension point: the vision
 * helper adds its models here; the registry already includes this list.
 */
export const VISION_DEMOS: readonly RunnableDemoModel[] = [];
