export { PIPELINE_DATA, type PipelineInfo, type SubTask } from "./pipelines/pipeline-data.js";
export {
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  SUBTASK_TYPES,
  isPipelineType,
  type PipelineType,
} from "./pipelines/pipeline-types.js";
export { MODALITIES, MODALITY_LABELS, type Modality } from "./pipelines/modalities.js";
export * from "./tasks/index.js";
export type * from "./model/model-data.js";
export {
  isConversational,
  firstBaseModel,
  needsRemoteCode,
  maskTokenOf,
} from "./model/model-data-readers.js";
export * from "./code/index.js";
export * from "./inputs/index.js";
export * from "./gguf/index.js";
export * from "./libraries/index.js";
export * from "./downloads/index.js";
export * from "./local-apps/index.js";
export * from "./dataset-libraries/index.js";
