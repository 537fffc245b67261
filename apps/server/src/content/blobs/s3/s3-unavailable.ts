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

function isUnavailable(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string } | undefined;
  if (!e || typeof e !== "object" || e instanceof BlobStoreUnavailableError) return false;
  // an abort the caller asked for (readiness probe's time bound) is the caller's own business
  if (e.name === "AbortError") return false;
  const status = e.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
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
