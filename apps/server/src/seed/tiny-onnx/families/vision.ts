import type { RunnableDemoModel } from "../demo-model.js";
import { IMAGE_TEXT_DEMOS } from "./vision/image-text-models.js";
import { PIXEL_DEMOS } from "./vision/pixel-models.js";

/**
 * Vision and multimodal demo models (object detection, segmentation, depth, image features,
 * image-to-image, image-to-text, zero-shot image tasks, document QA): the modules under `vision/`.
 */
export const VISION_DEMOS: readonly RunnableDemoModel[] = [...PIXEL_DEMOS, ...IMAGE_TEXT_DEMOS];
