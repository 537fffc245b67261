/** A webhook setting out of range (start-up turns it into a ConfigError). */
export class WebhookSettingsError extends Error {}

/** Bounds of outbound webhook deliveries and the hosts exempt from the private-address guard. */
export interface WebhookSettings {
  /** Lower-cased `host` or `host:port` entries (IPv6 hosts in brackets) that may be private addresses. */
  allowHosts: string[];
  /** Delay before the second attempt; each further attempt waits twice as long (capped at an hour). */
  retryBaseMs: number;
  /** Attempts per delivery before it counts as failed. */
  maxAttempts: number;
  /** Time for one attempt: connect, send, and read the answer. */
  timeoutMs: number;
  /** Deliveries in flight at once, across all webhooks. */
  concurrency: number;
  /** Largest payload sent; a larger event is cut (its `discussion`/`comment` contents shortened). */
  maxPayloadBytes: number;
  /** Bytes of the receiver's answer kept in the log (the rest is not read). */
  maxResponseBytes: number;
  /** How often the queue looks for due deliveries it was not told about (retries, restarts). */
  pollMs: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowHosts: [],
  retryBaseMs: 10_000,
  maxAttempts: 5,
  timeoutMs: 10_000,
  concurrency: 4,
  maxPayloadBytes: 256 * 1024,
  maxResponseBytes: 2048,
  pollMs: 1000,
};

/** Reads `MODELHUB_WEBHOOK_*` over the defaults. */
export function webhookSettingsFrom(env: Record<string, string | undefined>): WebhookSettings {
  const d = DEFAULT_WEBHOOK_SETTINGS;
  const number = (name: string, fallback: number, min: number, max: number, scale = 1): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return Math.round(fallback * scale);
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new WebhookSettingsError(`${name} "${raw}" must be a number from ${min} to ${max}`);
    return Math.round(value * scale);
  };
  return {
    allowHosts: (env.MODELHUB_WEBHOOK_ALLOW_HOSTS ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ""),
    retryBaseMs: number("MODELHUB_WEBHOOK_RETRY_BASE_MS", d.retryBaseMs, 1, 3_600_000),
    maxAttempts: number("MODELHUB_WEBHOOK_MAX_ATTEMPTS", d.maxAttempts, 1, 20),
    timeoutMs: number("MODELHUB_WEBHOOK_TIMEOUT_S", d.timeoutMs / 1000, 0.1, 120, 1000),
    concurrency: number("MODELHUB_WEBHOOK_CONCURRENCY", d.concurrency, 1, 64),
    maxPayloadBytes: d.maxPayloadBytes,
    maxResponseBytes: d.maxResponseBytes,
    pollMs: d.pollMs,
  };
}
