import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { TaskDataCustom } from "./task-data.js";
import { depthEstimationTask } from "./depth-estimation/data.js";
import { imageClassificationTask } from "./image-classification/data.js";
import { objectDetectionTask } from "./object-detection/data.js";
import { imageSegmentationTask } from "./image-segmentation/data.js";
import { textToImageTask } from "./text-to-image/data.js";
import { imageToTextTask } from "./image-to-text/data.js";
import { imageToImageTask } from "./image-to-image/data.js";
import { imageToVideoTask } from "./image-to-video/data.js";
import { unconditionalImageGenerationTask } from "./unconditional-image-generation/data.js";
import { videoClassificationTask } from "./video-classification/data.js";
import { textToVideoTask } from "./text-to-video/data.js";
import { imageTextToTextTask } from "./image-text-to-text/data.js";
import { imageTextToImageTask } from "./image-text-to-image/data.js";
import { imageTextToVideoTask } from "./image-text-to-video/data.js";
import { visualQuestionAnsweringTask } from "./visual-question-answering/data.js";
import { documentQuestionAnsweringTask } from "./document-question-answering/data.js";
import { zeroShotImageClassificationTask } from "./zero-shot-image-classification/data.js";
import { maskGenerationTask } from "./mask-generation/data.js";
import { zeroShotObjectDetectionTask } from "./zero-shot-object-detection/data.js";
import { textTo3dTask } from "./text-to-3d/data.js";
import { imageTo3dTask } from "./image-to-3d/data.js";
import { imageFeatureExtractionTask } from "./image-feature-extraction/data.js";
import { videoTextToTextTask } from "./video-text-to-text/data.js";
import { keypointDetectionTask } from "./keypoint-detection/data.js";
import { visualDocumentRetrievalTask } from "./visual-document-retrieval/data.js";
import { anyToAnyTask } from "./any-to-any/data.js";
import { videoToVideoTask } from "./video-to-video/data.js";

/** Catalogue entries for computer-vision and multimodal tasks (one folder per task). */
export const CATALOGUE_PART_B: Partial<Record<PipelineType, TaskDataCustom>> = {
  "depth-estimation": depthEstimationTask,
  "image-classification": imageClassificationTask,
  "object-detection": objectDetectionTask,
  "image-segmentation": imageSegmentationTask,
  "text-to-image": textToImageTask,
  "image-to-text": imageToTextTask,
  "image-to-image": imageToImageTask,
  "image-to-video": imageToVideoTask,
  "unconditional-image-generation": unconditionalImageGenerationTask,
  "video-classification": videoClassificationTask,
  "text-to-video": textToVideoTask,
  "image-text-to-text": imageTextToTextTask,
  "image-text-to-image": imageTextToImageTask,
  "image-text-to-video": imageTextToVideoTask,
  "visual-question-answering": visualQuestionAnsweringTask,
  "document-question-answering": documentQuestionAnsweringTask,
  "zero-shot-image-classification": zeroShotImageClassificationTask,
  "mask-generation": maskGenerationTask,
  "zero-shot-object-detection": zeroShotObjectDetectionTask,
  "text-to-3d": textTo3dTask,
  "image-to-3d": imageTo3dTask,
  "image-feature-extraction": imageFeatureExtractionTask,
  "video-text-to-text": videoTextToTextTask,
  "keypoint-detection": keypointDetectionTask,
  "visual-document-retrieval": visualDocumentRetrievalTask,
  "any-to-any": anyToAnyTask,
  "video-to-video": videoToVideoTask,
};
