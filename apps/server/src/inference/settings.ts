import type { HealthSettings } from "./health/health-settings.js";

/** One backend after the config file is read: secrets resolved, URL normalised. */
export interface BackendSettings {
  name: string;
  kind: "openai-compatible";
  /** The OpenAI base URL (usually ending in /v1), without trailing slash. Never shown to users. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` to the backend. Never shown to users. */
  apiKey?: string;
  /** hub model id → the backend's model name. */
  models: Record<string, string>;
  timeoutMs: number;
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

/** A hub without MODELHUB_INFERENCE_CONFIG: no backends, default limits. */
export const NO_INFERENCE: InferenceSettings = {
  backends: [],
  limits: { requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE },
};
