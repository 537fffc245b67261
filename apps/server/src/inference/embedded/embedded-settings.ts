import type { EmbeddedBackendEntry } from "../config-schema.js";
import {
  DEFAULT_BACKEND_TIMEOUT_MS,
  DEFAULT_EMBEDDED_CONCURRENCY,
  DEFAULT_EMBEDDED_MAX_LOADED_MODELS,
  DEFAULT_EMBEDDED_MAX_QUEUE,
  type BackendSettings,
} from "../settings.js";

/** The name an in-process backend gets in place of a URL (never fetched, never shown). */
export function inProcessUrl(name: string): string {
  return `in-process://${name}`;
}

/**
 * An `embedded` entry of the config file as backend settings. The backend knows each model by its hub
 * id (`models`), the GGUF to load is in `embedded.files`; the transport is attached when the routes
 * are built (it needs the hub's storage).
 */
export function embeddedBackendSettings(entry: EmbeddedBackendEntry): BackendSettings {
  const models: Record<string, string> = {};
  const files: Record<string, string> = {};
  for (const [hubId, file] of Object.entries(entry.models)) {
    models[hubId] = hubId;
    files[hubId.toLowerCase()] = file.toLowerCase() === "auto" ? "auto" : file;
  }
  return {
    name: entry.name,
    kind: "embedded",
    baseUrl: inProcessUrl(entry.name),
    models,
    timeoutMs: entry.timeoutMs ?? DEFAULT_BACKEND_TIMEOUT_MS,
    embedded: {
      files,
      maxLoadedModels: entry.maxLoadedModels ?? DEFAULT_EMBEDDED_MAX_LOADED_MODELS,
      maxMemoryBytes: entry.maxMemoryMB === undefined ? undefined : entry.maxMemoryMB * 1024 * 1024,
      concurrency: entry.concurrency ?? DEFAULT_EMBEDDED_CONCURRENCY,
      maxQueue: entry.maxQueue ?? DEFAULT_EMBEDDED_MAX_QUEUE,
      contextSize: entry.contextSize,
      threads: entry.threads,
    },
  };
}
