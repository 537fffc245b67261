import { ConfigError } from "../domain/errors.js";

export interface DatasetViewerSettings {
  enabled: boolean;
  /** DuckDB memory_limit of the hub's query instance. */
  memoryLimit: string;
  threads: number;
  /** Viewer queries running at once. */
  concurrency: number;
  /** Largest Parquet shard a conversion writes. */
  shardBytes: number;
  /** Datasets waiting for a conversion, at most. */
  maxQueued: number;
  /** A viewer query (rows, search, filter) running longer is stopped. */
  queryTimeoutMs: number;
  sql: { maxRows: number; timeoutMs: number; memoryLimit: string; concurrency: number };
}

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function memory(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+(?:\.\d+)?\s*(?:[KMGT]i?B|B)$/i.test(raw))
    throw new ConfigError(`${name} must look like 512MB, got "${raw}"`);
  return raw;
}

/** The dataset viewer's `MODELHUB_DATASETS_*` settings. */
export function datasetViewerSettings(env: Record<string, string | undefined>): DatasetViewerSettings {
  return {
    enabled: env.MODELHUB_DATASETS_VIEWER !== "0",
    memoryLimit: memory(env, "MODELHUB_DATASETS_MEMORY", "512MB"),
    threads: integer(env, "MODELHUB_DATASETS_THREADS", 2, 1),
    concurrency: integer(env, "MODELHUB_DATASETS_CONCURRENCY", 2, 1),
    shardBytes: integer(env, "MODELHUB_DATASETS_SHARD_MB", 256, 1) * 1024 * 1024,
    maxQueued: integer(env, "MODELHUB_DATASETS_MAX_QUEUED", 1000, 1),
    queryTimeoutMs: integer(env, "MODELHUB_DATASETS_QUERY_TIMEOUT_MS", 30_000, 100),
    sql: {
      maxRows: integer(env, "MODELHUB_DATASETS_SQL_MAX_ROWS", 1000, 1),
      timeoutMs: integer(env, "MODELHUB_DATASETS_SQL_TIMEOUT_MS", 10_000, 100),
      memoryLimit: memory(env, "MODELHUB_DATASETS_SQL_MEMORY", "256MB"),
      concurrency: integer(env, "MODELHUB_DATASETS_SQL_CONCURRENCY", 2, 1),
    },
  };
}
