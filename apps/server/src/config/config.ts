import { ConfigError } from "../domain/errors.js";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultEmbeddedInference } from "../inference/embedded/default-backend.js";
import { InferenceConfigError, loadInferenceSettings } from "../inference/load-config.js";
import type { InferenceSettings } from "../inference/settings.js";
import { GcSettingsError, resolveGcSettings, type GcSettings } from "./maintenance-settings.js";
import { NetSettingsError, resolveNetSettings, type NetSettings } from "../net/net-settings.js";
import { s3SettingsFrom, S3SettingsError, type S3Settings } from "../content/blobs/s3/s3-settings.js";
import { resolveReplicaSettings, ReplicaSettingsError, type ReplicaSettings } from "./replica-settings.js";
import {
  onnxSettingsFromEnv,
  OnnxSettingsError,
  type OnnxSettings,
} from "../inference/onnx/onnx-settings.js";
import { mirrorSettingsFrom, MirrorSettingsError, type MirrorSettings } from "../mirror/settings.js";
import { webhookSettingsFrom, WebhookSettingsError, type WebhookSettings } from "../outbound/settings.js";
import { ssoSettingsFrom, SsoSettingsError, type SsoSettings } from "../sso/settings.js";
import { auditSettingsFrom, AuditSettingsError, type AuditSettings } from "../audit/settings.js";
import { scanSettingsFrom, ScanSettingsError, type ScanSettings } from "../scanning/settings.js";
import { quotaSettingsFrom, QuotaSettingsError, type QuotaSettings } from "../quotas/settings.js";

/** apps/web/dist, found from this file in both src/ and dist/ (same depth). */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL("../../../web/dist", import.meta.url));
/**
 * `data` at the root of the install, whatever the current folder: commands run from elsewhere
 * (`modelhub token create` in another terminal) must find the data of the hub `npm start` runs.
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../../../../data", import.meta.url));

/** Every setting the hub reads at start, after flags and environment are merged over defaults. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, git repositories, blobs). */
  dataDir: string;
  /** Where `dataDir` came from, for messages. */
  dataDirFrom: "--data" | "MODELHUB_DATA" | "default";
  /** PostgreSQL connection string; SQLite under `dataDir` when absent. */
  databaseUrl?: string;
  /** Address users reach the hub at, without trailing slash. */
  publicUrl: string;
  /** Whether MODELHUB_PUBLIC_URL was given (else links follow the address a request came in on). */
  publicUrlExplicit: boolean;
  seed: boolean;
  adminToken?: string;
  /** Built web app folder; served when it contains index.html. */
  webDir?: string;
  logLevel: string;
  /** How long a listing page may be served again; 0 turns the listing cache off. */
  listingCacheMs: number;
  /** Part size of multipart LFS uploads (objects above it go up in parts), in bytes. */
  lfsPartBytes: number;
  /**
   * Inference backends and limits from the MODELHUB_INFERENCE_CONFIG file; without one, the embedded
   * backend for the demo model, or nothing when MODELHUB_EMBEDDED_INFERENCE=0.
   */
  inference?: InferenceSettings;
  /** Shutdown drain time and connection timeouts. */
  net: NetSettings;
  /** Garbage collection schedule and grace period. */
  gc: GcSettings;
  /** Pull-through mirror of an upstream hub (MODELHUB_UPSTREAM_URL and friends); off when absent. */
  mirror?: MirrorSettings;
  /** LFS objects in S3 (`MODELHUB_BLOB_STORE=s3://bucket/prefix`); the data folder when absent. */
  s3?: S3Settings;
  /** Replicas on one PostgreSQL (own temp folder, lock wait, job take-over) and health/metrics endpoints. */
  replicas: ReplicaSettings;
  /** The embedded ONNX task backend (MODELHUB_ONNX_*); on unless MODELHUB_ONNX_INFERENCE=0. */
  onnx: OnnxSettings;
  /** Webhook deliveries: allowed private hosts, retries, time and concurrency bounds (MODELHUB_WEBHOOK_*). */
  webhooks: WebhookSettings;
  /** Company sign-in: OIDC, SAML, LDAP, group → org roles, local passwords on or off (MODELHUB_OIDC_* …). */
  sso: SsoSettings;
  /** Audit log retention and streaming sinks (MODELHUB_AUDIT_*). */
  audit: AuditSettings;
  /** Security scans: policy, workers, clamd (MODELHUB_SCAN_*, MODELHUB_CLAMD_*). */
  scanning: ScanSettings;
  /** Default storage quota and repository limit of users and organizations (MODELHUB_DEFAULT_QUOTA_GB …). */
  quotas: QuotaSettings;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_LISTING_CACHE_MS = 2000;
export const DEFAULT_LFS_PART_MB = 64;

// ConfigError lives in domain/, below every folder that reads settings; exported here for the commands
export { ConfigError };

export type Env = Record<string, string | undefined>;

/** Flags win over environment, environment wins over defaults. */
export function resolveConfig(
  flags: Record<string, string | boolean | undefined>,
  env: Env,
  cwd = process.cwd(),
): Config {
  const port = parsePort(stringFlag(flags, "port") ?? env.MODELHUB_PORT ?? String(DEFAULT_PORT));
  const host = stringFlag(flags, "host") ?? env.MODELHUB_HOST ?? DEFAULT_HOST;
  const dataFlag = stringFlag(flags, "data");
  const dataEnv = nonEmpty(env.MODELHUB_DATA);
  const dataDir = path.resolve(cwd, dataFlag ?? dataEnv ?? DEFAULT_DATA_DIR);
  const dataDirFrom = dataFlag !== undefined ? "--data" : dataEnv !== undefined ? "MODELHUB_DATA" : "default";
  const databaseUrl = nonEmpty(stringFlag(flags, "database-url") ?? env.DATABASE_URL);
  const explicitUrl = nonEmpty(stringFlag(flags, "public-url") ?? env.MODELHUB_PUBLIC_URL);
  const publicUrl = normalisePublicUrl(explicitUrl ?? `http://${displayHost(host)}:${port}`);
  const seed = flags["seed"] === false || flags["no-seed"] === true ? false : !isFalsy(env.MODELHUB_SEED);
  const adminToken = nonEmpty(env.MODELHUB_ADMIN_TOKEN);
  if (adminToken !== undefined && !adminToken.startsWith("hf_")) {
    throw new ConfigError("MODELHUB_ADMIN_TOKEN must start with 'hf_' (the Hub clients refuse other tokens)");
  }
  const webDir = nonEmpty(env.MODELHUB_WEB_DIR);
  return {
    port,
    host,
    dataDir,
    dataDirFrom,
    databaseUrl,
    publicUrl,
    publicUrlExplicit: explicitUrl !== undefined,
    seed,
    adminToken,
    webDir: webDir ? path.resolve(cwd, webDir) : DEFAULT_WEB_DIR,
    logLevel: env.MODELHUB_LOG_LEVEL ?? env.LOG_LEVEL ?? "info",
    listingCacheMs: parseMilliseconds(
      "MODELHUB_LISTING_CACHE_MS",
      env.MODELHUB_LISTING_CACHE_MS ?? String(DEFAULT_LISTING_CACHE_MS),
    ),
    lfsPartBytes: parsePartMegabytes(env.MODELHUB_LFS_PART_MB ?? String(DEFAULT_LFS_PART_MB)) * 1024 * 1024,
    inference: inferenceSettings(nonEmpty(env.MODELHUB_INFERENCE_CONFIG), env, cwd),
    net: settingsOrConfigError(() => resolveNetSettings(env), NetSettingsError),
    gc: settingsOrConfigError(() => resolveGcSettings(env), GcSettingsError),
    mirror: settingsOrConfigError(() => mirrorSettingsFrom(env), MirrorSettingsError),
    s3: settingsOrConfigError(() => s3SettingsFrom(env), S3SettingsError),
    replicas: settingsOrConfigError(() => resolveReplicaSettings(env, cwd), ReplicaSettingsError),
    onnx: settingsOrConfigError(() => onnxSettingsFromEnv(env), OnnxSettingsError),
    webhooks: settingsOrConfigError(() => webhookSettingsFrom(env), WebhookSettingsError),
    sso: settingsOrConfigError(() => ssoSettingsFrom(env), SsoSettingsError),
    audit: settingsOrConfigError(() => auditSettingsFrom(env), AuditSettingsError),
    scanning: settingsOrConfigError(() => scanSettingsFrom(env), ScanSettingsError),
    quotas: settingsOrConfigError(() => quotaSettingsFrom(env), QuotaSettingsError),
  };
}

/** Runs one settings resolver, turning its own validation error into a one-line ConfigError. */
function settingsOrConfigError<T>(resolve: () => T, errorType: new (...args: never[]) => Error): T {
  try {
    return resolve();
  } catch (err) {
    if (err instanceof errorType) throw new ConfigError(err.message);
    throw err;
  }
}

function inferenceSettings(file: string | undefined, env: Env, cwd: string): InferenceSettings | undefined {
  // Without a config file, the embedded backend serves the demo tiny model (unless switched off).
  if (file === undefined)
    return isFalsy(env.MODELHUB_EMBEDDED_INFERENCE) ? undefined : defaultEmbeddedInference();
  try {
    return loadInferenceSettings(file, env, cwd);
  } catch (err) {
    if (err instanceof InferenceConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

function stringFlag(flags: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const value = flags[name];
  if (value === true) throw new ConfigError(`--${name} needs a value`);
  return typeof value === "string" ? value : undefined;
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`invalid port "${raw}": expected a number from 0 to 65535`);
  }
  return port;
}

function parsePartMegabytes(raw: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === "" || !Number.isInteger(value) || value < 1 || value > 4096) {
    throw new ConfigError(`MODELHUB_LFS_PART_MB "${raw}" must be a whole number of MiB from 1 to 4096`);
  }
  return value;
}

function parseMilliseconds(name: string, raw: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === "" || !Number.isInteger(value) || value < 0 || value > 3_600_000) {
    throw new ConfigError(`${name} "${raw}" must be a whole number of milliseconds from 0 to 3600000`);
  }
  return value;
}

function normalisePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`MODELHUB_PUBLIC_URL "${raw}" is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`MODELHUB_PUBLIC_URL must use http or https, got ${url.protocol}`);
  }
  return url.toString().replace(/\/+$/, "");
}

function displayHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function isFalsy(value: string | undefined): boolean {
  return value !== undefined && ["0", "false", "no", "off"].includes(value.trim().toLowerCase());
}
