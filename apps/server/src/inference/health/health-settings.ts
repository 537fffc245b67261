/** The config file's top-level `health` block, with defaults applied. */
export interface HealthSettings {
  intervalMs: number;
  timeoutMs: number;
  /** Consecutive failed checks that make a backend `staging`. */
  failuresBeforeStaging: number;
}

export const DEFAULT_HEALTH: HealthSettings = {
  intervalMs: 30_000,
  timeoutMs: 5_000,
  failuresBeforeStaging: 2,
};
