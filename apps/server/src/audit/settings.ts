import { HttpError } from "../domain/errors.js";
import { validateTargetUrl } from "../outbound/target-url.js";

/** An audit setting out of range (start-up turns it into a one-line ConfigError). */
export class AuditSettingsError extends Error {}

export interface AuditStreamSettings {
  /** HTTP sinks: each event is POSTed as JSON, in order, at least once. */
  urls: string[];
  /** Sent as `X-Modelhub-Event-Streaming-Token` so the receiver can tell the hub's events from forgeries. */
  token?: string;
  /** JSON lines on stdout (`{"audit_event": …}`), for a log shipper. */
  stdout: boolean;
  /** Lower-cased `host` or `host:port` the sinks may reach although private (the webhook rule's exemption). */
  allowHosts: string[];
  /** First retry after this, doubling up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  /** How often the sinks look for events they were not told about (other replicas' writes). */
  pollMs: number;
}

export interface AuditSettings {
  /** Events older than this many days leave as a signed summary; kept forever when absent. */
  retentionDays?: number;
  /** How often retention runs. */
  retentionIntervalMs: number;
  stream: AuditStreamSettings;
}

export const DEFAULT_AUDIT_SETTINGS: AuditSettings = {
  retentionIntervalMs: 3_600_000,
  stream: {
    urls: [],
    stdout: false,
    allowHosts: [],
    retryBaseMs: 1000,
    retryMaxMs: 300_000,
    timeoutMs: 10_000,
    pollMs: 1000,
  },
};

type Env = Record<string, string | undefined>;

/** Reads `MODELHUB_AUDIT_*` over the defaults. */
export function auditSettingsFrom(env: Env): AuditSettings {
  const d = DEFAULT_AUDIT_SETTINGS;
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new AuditSettingsError(`${name} "${raw}" must be a number from ${min} to ${max}`);
    return value;
  };
  const retention = env.MODELHUB_AUDIT_RETENTION_DAYS?.trim();
  const allowHosts = list(env.MODELHUB_AUDIT_STREAM_ALLOW_HOSTS).map((host) => host.toLowerCase());
  const urls = list(env.MODELHUB_AUDIT_STREAM_URL).map((url) => {
    try {
      return validateTargetUrl(url, allowHosts, {
        what: "MODELHUB_AUDIT_STREAM_URL",
        allowSetting: "MODELHUB_AUDIT_STREAM_ALLOW_HOSTS",
        credentialsHint: "the receiver checks MODELHUB_AUDIT_STREAM_TOKEN instead",
      });
    } catch (err) {
      if (err instanceof HttpError) throw new AuditSettingsError(err.message);
      throw err;
    }
  });
  const token = env.MODELHUB_AUDIT_STREAM_TOKEN?.trim();
  if (token !== undefined && token !== "" && !/^[\x21-\x7e]{16,256}$/.test(token))
    throw new AuditSettingsError(
      "MODELHUB_AUDIT_STREAM_TOKEN must be 16 to 256 printable characters without spaces",
    );
  const stdout = env.MODELHUB_AUDIT_STDOUT?.trim().toLowerCase();
  return {
    retentionDays:
      retention === undefined || retention === ""
        ? undefined
        : number("MODELHUB_AUDIT_RETENTION_DAYS", 0, 1, 36_500),
    retentionIntervalMs: d.retentionIntervalMs,
    stream: {
      urls,
      token: token || undefined,
      stdout: stdout !== undefined && ["1", "true", "yes", "on"].includes(stdout),
      allowHosts,
      retryBaseMs: number("MODELHUB_AUDIT_STREAM_RETRY_BASE_MS", d.stream.retryBaseMs, 1, 3_600_000),
      retryMaxMs: number("MODELHUB_AUDIT_STREAM_RETRY_MAX_MS", d.stream.retryMaxMs, 1, 86_400_000),
      timeoutMs: number("MODELHUB_AUDIT_STREAM_TIMEOUT_S", d.stream.timeoutMs / 1000, 0.1, 120) * 1000,
      pollMs: number("MODELHUB_AUDIT_STREAM_POLL_MS", d.stream.pollMs, 10, 60_000),
    },
  };
}

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}
