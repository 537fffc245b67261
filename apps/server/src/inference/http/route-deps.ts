import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import type { LlamaBindingLoader } from "../embedded/llama-binding.js";
import type { EmbeddingBackend } from "../embeddings/embedding-backend.js";
import type { HealthChecker } from "../health/checker.js";
import type { OnnxBackend } from "../onnx/onnx-backend.js";
import type { InferenceRuntime } from "../runtime.js";
import type { InferenceSettings } from "../settings.js";

/** What the inference gateway's routes take of the app's dependencies (field meanings: `AppDeps`). */
export interface InferenceRouteDeps extends PlatformRouteDeps {
  inference?: InferenceSettings;
  inferenceRuntime?: InferenceRuntime;
  inferenceHealth?: HealthChecker;
  embeddedLlamaLoader?: LlamaBindingLoader;
  onnxBackend?: OnnxBackend;
  embeddingBackends?: readonly EmbeddingBackend[];
}
