import type { ClamdAddress, ClamdSettings } from "./clamd/clamd-client.js";

/**
 * What the hub does with a file's scan when it is downloaded:
 * - `warn`: serve everything, show the badges;
 * - `block-unsafe`: refuse `unsafe` files (403); a file whose verdict is pending waits, then 409;
 * - `block-unscanned`: serve only what was scanned `safe` (or released by a site admin).
 */
export type ScanPolicy = "warn" | "block-unsafe" | "block-unscanned";

export interface ScanSettings {
  enabled: boolean;
  policy: ScanPolicy;
  /** Scans running at once (each in its own worker thread). */
  workers: number;
  /** How long a download under a blocking policy waits for a pending verdict before answering 409. */
  waitMs: number;
  /** One scan's time limit (the worker is restarted past it and the file marked `error`). */
  timeoutMs: number;
  /** The most bytes a compressed stream is expanded to while scanning. */
  maxExpandBytes: number;
  /** clamd, when configured (MODELHUB_CLAMD_SOCKET or MODELHUB_CLAMD_HOST). */
  clamd?: ClamdSettings;
  /** How often clamd's VERSION is read (a new signature database queues every file again). */
  clamdCheckMs: number;
  rescanOnSignatures: boolean;
}

export class ScanSettingsError extends Error {}

type Env = Record<string, string | undefined>;

const POLICIES: readonly ScanPolicy[] = ["warn", "block-unsafe", "block-unscanned"];

export function scanSettingsFrom(env: Env): ScanSettings {
  const policy = (env.MODELHUB_SCAN_POLICY?.trim() || "warn") as ScanPolicy;
  if (!POLICIES.includes(policy))
    throw new ScanSettingsError(
      `MODELHUB_SCAN_POLICY must be one of ${POLICIES.join(", ")}, got "${env.MODELHUB_SCAN_POLICY}"`,
    );
  const enabled = !isOff(env.MODELHUB_SCAN);
  if (!enabled && policy !== "warn")
    throw new ScanSettingsError(`MODELHUB_SCAN_POLICY=${policy} needs scanning on (MODELHUB_SCAN is off)`);
  return {
    enabled,
    policy,
    workers: whole("MODELHUB_SCAN_WORKERS", env.MODELHUB_SCAN_WORKERS, 1, 1, 32),
    waitMs: whole("MODELHUB_SCAN_WAIT_S", env.MODELHUB_SCAN_WAIT_S, 5, 0, 300) * 1000,
    timeoutMs: whole("MODELHUB_SCAN_TIMEOUT_S", env.MODELHUB_SCAN_TIMEOUT_S, 1800, 1, 86_400) * 1000,
    maxExpandBytes: decimal("MODELHUB_SCAN_MAX_EXPAND_GB", env.MODELHUB_SCAN_MAX_EXPAND_GB, 4) * 1e9,
    clamd: clamdSettings(env),
    clamdCheckMs: whole("MODELHUB_CLAMD_CHECK_S", env.MODELHUB_CLAMD_CHECK_S, 300, 1, 86_400) * 1000,
    rescanOnSignatures: !isOff(env.MODELHUB_SCAN_RESCAN_ON_SIGNATURES),
  };
}

function clamdSettings(env: Env): ClamdSettings | undefined {
  const socket = env.MODELHUB_CLAMD_SOCKET?.trim();
  const host = env.MODELHUB_CLAMD_HOST?.trim();
  if (socket && host)
    throw new ScanSettingsError("set MODELHUB_CLAMD_SOCKET or MODELHUB_CLAMD_HOST, not both");
  let address: ClamdAddress | undefined;
  if (socket) address = { socket };
  else if (host)
    address = { host, port: whole("MODELHUB_CLAMD_PORT", env.MODELHUB_CLAMD_PORT, 3310, 1, 65_535) };
  if (!address) return undefined;
  return {
    address,
    timeoutMs: whole("MODELHUB_CLAMD_TIMEOUT_S", env.MODELHUB_CLAMD_TIMEOUT_S, 120, 1, 3600) * 1000,
    maxStreamBytes: whole("MODELHUB_CLAMD_MAX_MB", env.MODELHUB_CLAMD_MAX_MB, 4000, 1, 4095) * 1024 * 1024,
  };
}

function isOff(raw: string | undefined): boolean {
  return ["0", "false", "no", "off"].includes((raw ?? "").trim().toLowerCase());
}

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ScanSettingsError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function decimal(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.trim());
  if (!Number.isFinite(value) || value <= 0)
    throw new ScanSettingsError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Describes where clamd is, for logs and the admin page. */
export function clamdLabel(address: ClamdAddress): string {
  return "socket" in address ? address.socket : `${address.host}:${address.port}`;
}
