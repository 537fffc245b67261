import os from "node:os";
import { GlobPattern } from "../../patterns/glob-pattern.js";

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
  /** Most pixels an image input may declare (refused from its header, before decoding). */
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
    return GlobPattern.compile(full, { dialect: "fsspec", ignoreCase: true }).matches(id);
  });
}

/**
 * The ONNX backend's settings from the environment (README "Task inference on the hub (ONNX)"):
 * MODELHUB_ONNX_INFERENCE=0 turns it off; MODELHUB_ONNX_REPOS=all|none|owner/*,owner/name,….
 */
export function onnxSettingsFromEnv(
  env: Record<string, string | undefined>,
  machine: { cores: number; memoryBytes: number } = {
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
  },
): OnnxSettings {
  const memoryBytes = positive(env, "MODELHUB_ONNX_WORKER_MEMORY_MB", 1024) * MB;
  return {
    enabled: env.MODELHUB_ONNX_INFERENCE !== "0",
    repos: parseRepoPolicy(env.MODELHUB_ONNX_REPOS),
    workers: positive(env, "MODELHUB_ONNX_WORKERS", defaultWorkers(machine, memoryBytes)),
    maxQueue: positive(env, "MODELHUB_ONNX_MAX_QUEUE", 16),
    maxLoadedModels: positive(env, "MODELHUB_ONNX_MAX_LOADED_MODELS", 8),
    memoryBytes,
    timeoutMs: positive(env, "MODELHUB_ONNX_TIMEOUT_MS", 30_000),
    maxBodyBytes: positive(env, "MODELHUB_ONNX_MAX_BODY_MB", 25) * MB,
    maxAudioSeconds: positive(env, "MODELHUB_ONNX_MAX_AUDIO_SECONDS", 1800),
    maxImagePixels: positive(env, "MODELHUB_ONNX_MAX_IMAGE_PIXELS", 40_000_000),
  };
}

/**
 * Worker processes the machine can run: one per core (each runs one call at a time on one onnxruntime
 * thread), but no more than half the machine's memory allows at each worker's memory limit.
 */
export function defaultWorkers(
  machine: { cores: number; memoryBytes: number },
  workerMemoryBytes: number,
): number {
  const byMemory = Math.floor(machine.memoryBytes / 2 / workerMemoryBytes);
  return Math.max(1, Math.min(machine.cores, byMemory));
}

/** onnxruntime threads per worker: the cores shared out among the workers (at least one each). */
export function threadsPerWorker(workers: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / workers));
}
