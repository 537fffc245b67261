import { TINY_CHAT_MODEL_ID, TINY_EMBEDDING_MODEL_ID } from "../../seed/tiny-gguf/demo-model.js";
import { DEFAULT_REQUESTS_PER_MINUTE, type InferenceSettings } from "../settings.js";
import { embeddedBackendSettings } from "./embedded-settings.js";

/** The backend a hub without MODELHUB_INFERENCE_CONFIG runs. */
export const DEFAULT_EMBEDDED_BACKEND = "embedded";

/**
 * Inference out of the box: one embedded backend serving the demo catalogue's tiny chat and embedding
 * models (it serves nothing while those repos do not exist). MODELHUB_EMBEDDED_INFERENCE=0 turns it off.
 */
export function defaultEmbeddedInference(): InferenceSettings {
  return {
    backends: [
      embeddedBackendSettings({
        name: DEFAULT_EMBEDDED_BACKEND,
        kind: "embedded",
        models: { [TINY_CHAT_MODEL_ID]: "auto", [TINY_EMBEDDING_MODEL_ID]: "auto" },
      }),
    ],
    limits: { requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE },
  };
}
