import type { S3Client } from "@aws-sdk/client-s3";
import { HttpError } from "../../../domain/errors.js";

/**
 * The object store did not answer (refused or dropped connection, timeout) or answered with a server
 * error: requests that needed it get a 503 with Retry-After, not a 500, and the store's address stays
 * out of the answer.
 */
export class BlobStoreUnavailableError extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, "Object storage is unavailable; try again shortly", undefined, { "Retry-After": "5" });
    this.name = "BlobStoreUnavailableError";
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// aborts come from the hub's own time bounds on store calls: the store did not answer in time
const TIMEOUT_NAMES = new Set(["AbortError", "TimeoutError", "RequestTimeout"]);

/** The store's fault (network, time bound, 5xx), not the request's (404, 412, a hash mismatch of the body). */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object" || error instanceof HttpError) return false;
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string; code?: string };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  return NETWORK_CODES.has(e.code ?? "") || TIMEOUT_NAMES.has(e.name ?? "");
}

/** Turns the client's "store not reachable" failures (after the SDK's retries) into BlobStoreUnavailableError. */
export function reportUnavailable(client: S3Client): S3Client {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw isUnavailable(error) ? new BlobStoreUnavailableError(error) : error;
      }
    },
    { step: "initialize", name: "modelhubBlobStoreUnavailable" },
  );
  return client;
}
