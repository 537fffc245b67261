export { getInferenceSnippets } from "./snippets/get-inference-snippets.js";
export {
  INFERENCE_PROVIDERS,
  PROVIDERS,
  findProvider,
  defineProvider,
  type InferenceProvider,
  type InferenceProviderOrPolicy,
  type ProviderDefinition,
  type TaskHelper,
  type ResponseKind,
} from "./providers/index.js";
export {
  buildInferenceRequest,
  InferenceRequestError,
  ROUTER_URL,
  AUTO_ROUTER_BASE_URL,
  type InferenceRequest,
  type InferenceRequestInput,
} from "./request/build-request.js";
export { LocalFile, type FileEncoding } from "./request/local-file.js";
export type { BodyValue, BodyObject, RequestBody, TaskArgs } from "./request/body.js";
export type {
  InferenceTask,
  InferenceProviderMapping,
  InferenceSnippet,
  SnippetLanguage,
  SnippetOptions,
} from "./types.js";
