/** A connection setting out of range (start-up turns it into a ConfigError). */
export class NetSettingsError extends Error {}

/** How the hub treats connections: shutdown drain and the timeouts that close slow or stalled clients. */
export interface NetSettings {
  /** On SIGTERM/SIGINT, how long in-flight requests may take before their connections are cut. */
  shutdownDrainMs: number;
  /** A request's headers must have arrived completely within this (slowloris). */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must have arrived within this; 0 = no limit (large uploads). */
  requestTimeoutMs: number;
  /** A connection with no traffic in either direction for this long is closed (stalled uploads, readers). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long without a new request. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_NET_SETTINGS: NetSettings = {
  shutdownDrainMs: 30_000,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 0,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

const DAY_S = 86_400;

/** Reads the `MODELHUB_*_S` connection settings (seconds, fractions allowed) over the defaults. */
export function resolveNetSettings(env: Record<string, string | undefined>): NetSettings {
  const seconds = (name: string, fallbackMs: number, min: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallbackMs;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > DAY_S)
      throw new NetSettingsError(`${name} "${raw}" must be a number of seconds from ${min} to ${DAY_S}`);
    return Math.round(value * 1000);
  };
  const d = DEFAULT_NET_SETTINGS;
  const headersTimeoutMs = seconds("MODELHUB_HEADERS_TIMEOUT_S", d.headersTimeoutMs, 0.1);
  const requestTimeoutMs = seconds("MODELHUB_REQUEST_TIMEOUT_S", d.requestTimeoutMs, 0);
  if (requestTimeoutMs > 0 && requestTimeoutMs < headersTimeoutMs)
    throw new NetSettingsError(
      "MODELHUB_REQUEST_TIMEOUT_S must be 0 (no limit) or at least MODELHUB_HEADERS_TIMEOUT_S",
    );
  return {
    shutdownDrainMs: seconds("MODELHUB_SHUTDOWN_DRAIN_S", d.shutdownDrainMs, 0),
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs: seconds("MODELHUB_IDLE_TIMEOUT_S", d.idleTimeoutMs, 0),
    keepAliveTimeoutMs: seconds("MODELHUB_KEEPALIVE_TIMEOUT_S", d.keepAliveTimeoutMs, 0.1),
  };
}
