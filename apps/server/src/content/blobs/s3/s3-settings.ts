/** Where and how the S3 blob store connects, from `MODELHUB_BLOB_STORE=s3://bucket/prefix` and the AWS variables. */
export interface S3Settings {
  bucket: string;
  /** Key prefix without leading or trailing slash ("" for the bucket root). */
  prefix: string;
  /** Undefined: the SDK's default AWS endpoint for the region. */
  endpoint?: string;
  region: string;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; undefined leaves the SDK's credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  forcePathStyle: boolean;
  /** Lifetime of presigned upload URLs (LFS batch `upload` actions and part URLs). */
  uploadUrlSeconds: number;
  /** Lifetime of presigned download URLs (`resolve` redirects, LFS batch `download` actions). */
  downloadUrlSeconds: number;
  /** Staged uploads read back and checked at once. */
  verifyWorkers: number;
  /** Bound of the local copies in-process readers (llama.cpp) fetch from the bucket, in bytes. */
  localCacheBytes: number;
}

export class S3SettingsError extends Error {}

type Env = Record<string, string | undefined>;

export const DEFAULT_UPLOAD_URL_SECONDS = 3600;
export const DEFAULT_DOWNLOAD_URL_SECONDS = 600;
export const DEFAULT_VERIFY_WORKERS = 4;
export const DEFAULT_LOCAL_CACHE_GB = 20;

/** Undefined when `MODELHUB_BLOB_STORE` is not an `s3://` URL (the local folder is the default). */
export function s3SettingsFrom(env: Env, storeUrl = env.MODELHUB_BLOB_STORE): S3Settings | undefined {
  const raw = storeUrl?.trim();
  if (!raw) return undefined;
  if (!raw.startsWith("s3://"))
    throw new S3SettingsError(
      `MODELHUB_BLOB_STORE "${raw}" must be s3://bucket[/prefix] (or unset for the data folder)`,
    );
  const [bucket, ...rest] = raw.slice("s3://".length).split("/");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket ?? ""))
    throw new S3SettingsError(`MODELHUB_BLOB_STORE "${raw}": "${bucket ?? ""}" is not a valid bucket name`);
  const prefix = rest.filter((segment) => segment !== "").join("/");
  const endpoint = nonEmpty(env.AWS_ENDPOINT_URL_S3) ?? nonEmpty(env.AWS_ENDPOINT_URL);
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new S3SettingsError(`AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL "${endpoint}" must be an http(s) URL`);
  return {
    bucket,
    prefix,
    endpoint,
    region: nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION) ?? "us-east-1",
    credentials: credentialsFrom(env),
    forcePathStyle: flag(env.MODELHUB_S3_FORCE_PATH_STYLE, endpoint !== undefined),
    uploadUrlSeconds: seconds(env, "MODELHUB_S3_UPLOAD_URL_SECONDS", DEFAULT_UPLOAD_URL_SECONDS),
    downloadUrlSeconds: seconds(env, "MODELHUB_S3_DOWNLOAD_URL_SECONDS", DEFAULT_DOWNLOAD_URL_SECONDS),
    verifyWorkers: whole(env, "MODELHUB_S3_VERIFY_WORKERS", DEFAULT_VERIFY_WORKERS, 1, 64),
    localCacheBytes:
      whole(env, "MODELHUB_S3_LOCAL_CACHE_GB", DEFAULT_LOCAL_CACHE_GB, 1, 1_000_000) * 1024 ** 3,
  };
}

/** `s3://bucket/prefix` of a settings object, for messages. */
export function s3Location(settings: Pick<S3Settings, "bucket" | "prefix">): string {
  return `s3://${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ""}`;
}

function credentialsFrom(env: Env): S3Settings["credentials"] {
  const accessKeyId = nonEmpty(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
  if (accessKeyId === undefined || secretAccessKey === undefined) return undefined;
  return { accessKeyId, secretAccessKey, sessionToken: nonEmpty(env.AWS_SESSION_TOKEN) };
}

function seconds(env: Env, name: string, fallback: number): number {
  // presigned URLs of signature v4 live at most 7 days
  return whole(env, name, fallback, 1, 7 * 24 * 3600);
}

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new S3SettingsError(`${name} "${raw}" must be a whole number from ${min} to ${max}`);
  return value;
}

function flag(raw: string | undefined, fallback: boolean): boolean {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new S3SettingsError(`MODELHUB_S3_FORCE_PATH_STYLE "${raw}" must be true or false`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
