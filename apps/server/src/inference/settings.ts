import type { HealthSettings } from "./health/health-settings.js";

/** What `BackendCall` hands an in-process backend instead of an HTTP request. */
export interface BackendRequestInit {
  method: "POST";
  headers: Record<string, string>;
  /** The request body as a JSON value: an in-process backend never parses text the gateway has parsed. */
  json: unknown;
  /** Aborts when the caller leaves or the backend's timeout passes. */
  signal: AbortSignal;
}

/**
 * An OpenAI-compatible server inside the hub process (the embedded backend): answers `<path>` (e.g.
 * "chat/completions") with a web `Response`, JSON or `text/event-stream`, exactly as an HTTP backend
 * would, so accounting, limits, timeouts and the SSE relay treat both alike.
 */
export type BackendTransport = (path: string, init: BackendRequestInit) => Promise<Response>;

/** The `embedded` backend's own settings (llama.cpp in the hub process). */
export interface EmbeddedBackendOptions {
  /** Lower-case hub model id → GGUF path in the repo, or "auto" (pick by quantisation). */
  files: Record<string, string>;
  maxLoadedModels: number;
  /** Bound on the sum of the loaded GGUF files' sizes; none when absent. */
  maxMemoryBytes?: number;
  /** Generations at a time; the rest wait in a queue of `maxQueue`. */
  concurrency: number;
  maxQueue: number;
  /** Context window per generation; the model's own (capped) when absent. */
  contextSize?: number;
  /** CPU threads per generation; half the machine's math cores when absent. */
  threads?: number;
}

/** One backend after the config file is read: secrets resolved, URL normalised. */
export interface BackendSettings {
  name: string;
  /** `onnx`: the hub's ONNX backend, which is not configured but serves the models it can run. */
  kind: "openai-compatible" | "upstream" | "embedded" | "onnx";
  /**
   * The OpenAI base URL (usually ending in /v1), without trailing slash. Never shown to users.
   * `in-process://<name>` for backends answering through `transport`.
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` to the backend. Never shown to users. */
  apiKey?: string;
  /** hub model id → the backend's model name. */
  models: Record<string, string>;
  timeoutMs: number;
  /** Set for in-process backends: requests go here instead of an HTTP POST to `baseUrl`. */
  transport?: BackendTransport;
  /** `upstream` only: the org every call is billed to upstream (X-HF-Bill-To). */
  billTo?: string;
  /** Set when `kind` is "embedded". */
  embedded?: EmbeddedBackendOptions;
}

export interface InferenceLimits {
  requestsPerMinute: number;
  /** Prompt + completion tokens a user may spend per calendar month (UTC); none when absent. */
  monthlyTokenQuota?: number;
}

/** Everything the gateway needs, read once at start. */
export interface InferenceSettings {
  backends: BackendSettings[];
  limits: InferenceLimits;
  /** Health-check timing; the defaults of health/health-settings.ts when absent. */
  health?: HealthSettings;
}

export const DEFAULT_REQUESTS_PER_MINUTE = 60;
export const DEFAULT_BACKEND_TIMEOUT_MS = 120_000;
export const DEFAULT_EMBEDDED_MAX_LOADED_MODELS = 2;
export const DEFAULT_EMBEDDED_CONCURRENCY = 1;
export const DEFAULT_EMBEDDED_MAX_QUEUE = 16;

/** A hub without MODELHUB_INFERENCE_CONFIG: no backends, default limits. */
export const NO_INFERENCE: InferenceSettings = {
  backends: [],
  limits: { requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE },
};
