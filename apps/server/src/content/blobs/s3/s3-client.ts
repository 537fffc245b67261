import { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "./s3-settings.js";
import { reportUnavailable } from "./s3-unavailable.js";

const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 60_000;

/**
 * An S3 client for the settings; credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID …).
 * Checksums only when an operation requires them: Ceph RGW (Pacific) answers 411 to the streamed,
 * checksummed uploads the SDK sends by default, and presigned URLs must not carry checksum parameters.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // a store that stops answering fails requests instead of hanging them (idle socket time, not total)
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return reportUnavailable(client);
}

/** Whether an SDK error says the object or bucket is not there. */
export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return (
    e?.name === "NotFound" ||
    e?.name === "NoSuchKey" ||
    e?.name === "NoSuchUpload" ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/** Whether a conditional request failed because the object changed in between. */
export function isPreconditionFailed(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === "PreconditionFailed" || e?.$metadata?.httpStatusCode === 412;
}
