import path from "node:path";

/** A replica or operations setting out of range (start-up turns it into a ConfigError). */
export class ReplicaSettingsError extends Error {}

/** Settings for running several replicas on one database, and for health and metrics endpoints. */
export interface ReplicaSettings {
  /** This process's own temp folder (MODELHUB_TMP_DIR); `<data>/tmp` when absent. */
  tmpDir?: string;
  /** How long a write waits for another replica's write to the same repository. */
  repoLockWaitMs: number;
  /** How often a replica that runs no background job tries to take one over. */
  leaderRetryMs: number;
  /** Each `/readyz` probe must answer within this. */
  readyProbeTimeoutMs: number;
  /** `GET /metrics` without a site admin's token (MODELHUB_METRICS_PUBLIC=1). */
  metricsPublic: boolean;
}

export function resolveReplicaSettings(
  env: Record<string, string | undefined>,
  cwd: string,
): ReplicaSettings {
  const seconds = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallback * 1000;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new ReplicaSettingsError(`${name} "${raw}" must be a number of seconds from ${min} to ${max}`);
    return Math.round(value * 1000);
  };
  const tmp = env.MODELHUB_TMP_DIR?.trim();
  const metrics = env.MODELHUB_METRICS_PUBLIC?.trim().toLowerCase() ?? "";
  if (!["", "0", "1", "true", "false", "yes", "no", "on", "off"].includes(metrics))
    throw new ReplicaSettingsError(`MODELHUB_METRICS_PUBLIC "${metrics}" must be 1 or 0`);
  return {
    tmpDir: tmp ? path.resolve(cwd, tmp) : undefined,
    repoLockWaitMs: seconds("MODELHUB_REPO_LOCK_WAIT_S", 120, 1, 3600),
    leaderRetryMs: seconds("MODELHUB_LEADER_RETRY_S", 5, 0.1, 3600),
    readyProbeTimeoutMs: seconds("MODELHUB_READY_TIMEOUT_S", 2, 0.1, 60),
    metricsPublic: ["1", "true", "yes", "on"].includes(metrics),
  };
}
