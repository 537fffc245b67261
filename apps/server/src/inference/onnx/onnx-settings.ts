/** Which repos the ONNX backend may serve: all, none, or those matching owner patterns (`owner/*`, `owner/name`). */
export type RepoPolicy = { kind: "all" } | { kind: "none" } | { kind: "allowlist"; patterns: string[] };

export interface OnnxSettings {
  enabled: boolean;
  repos: RepoPolicy;
  workers: number;
  maxQueue: number;
  maxLoadedModels: number;
  memoryBytes: number;
  timeoutMs: number;
  /** Largest task request body (raw images and audio included). */
  maxBodyBytes: number;
  /** Longest audio a speech task accepts, in seconds (decoding stops there with a 400). */
  maxAudioSeconds: number;
  /** Largest image, in pixels its header declares, a worker may decode. */
  maxImagePixels: number;
}

const MB = 1024 * 1024;

/** A MODELHUB_ONNX_* setting that does not parse. */
export class OnnxSettingsError extends Error {}

function positive(env: Record<string, string | undefined>, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new OnnxSettingsError(`${key} must be a positive integer, got "${raw}"`);
  return value;
}

export function parseRepoPolicy(raw: string | undefined): RepoPolicy {
  const text = (raw ?? "all").trim();
  if (text === "" || text.toLowerCase() === "all") return { kind: "all" };
  if (text.toLowerCase() === "none") return { kind: "none" };
  return {
    kind: "allowlist",
    patterns: text
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== ""),
  };
}

/** Whether the policy lets the backend serve a repo (case-insensitive; `*` matches within one segment). */
export function policyAllows(policy: RepoPolicy, repoId: string): boolean {
  if (policy.kind !== "allowlist") return policy.kind === "all";
  const id = repoId.toLowerCase();
  return policy.patterns.some((pattern) => {
    const full = pattern.includes("/") ? pattern : `${pattern}/*`;
    const regex = new RegExp(
      `^${full
        .toLowerCase()
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*")}$`,
    );
    return regex.test(id);
  });
}

/**
 * The ONNX backend's settings from the environment (README "Task inference on the hub (ONNX)"):
 * MODELHUB_ONNX_INFERENCE=0 turns it off; MODELHUB_ONNX_REPOS=all|none|owner/*,owner/name,….
 */
export function onnxSettingsFromEnv(env: Record<string, string | undefined>): OnnxSettings {
  return {
    enabled: env.MODELHUB_ONNX_INFERENCE !== "0",
    repos: parseRepoPolicy(env.MODELHUB_ONNX_REPOS),
    workers: positive(env, "MODELHUB_ONNX_WORKERS", 1),
    maxQueue: positive(env, "MODELHUB_ONNX_MAX_QUEUE", 16),
    maxLoadedModels: positive(env, "MODELHUB_ONNX_MAX_LOADED_MODELS", 8),
    memoryBytes: positive(env, "MODELHUB_ONNX_WORKER_MEMORY_MB", 1024) * MB,
    timeoutMs: positive(env, "MODELHUB_ONNX_TIMEOUT_MS", 30_000),
    maxBodyBytes: positive(env, "MODELHUB_ONNX_MAX_BODY_MB", 25) * MB,
    maxAudioSeconds: positive(env, "MODELHUB_ONNX_MAX_AUDIO_SECONDS", 1800),
    maxImagePixels: positive(env, "MODELHUB_ONNX_MAX_IMAGE_PIXELS", 40_000_000),
  };
}
