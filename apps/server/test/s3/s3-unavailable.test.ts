import { describe, expect, it } from "vitest";
import { BlobMismatchError } from "../../src/content/blobs/blob-store.js";
import { BlobStoreUnavailableError, isUnavailable } from "../../src/content/blobs/s3/s3-unavailable.js";

const sdkError = (name: string, httpStatusCode?: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe("which S3 failures mean the store is unavailable (503)", () => {
  it("counts network failures, time bounds and server errors", () => {
    expect(isUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("aborted"), { name: "AbortError" }))).toBe(true);
    expect(isUnavailable(sdkError("ServiceUnavailable", 503))).toBe(true);
    expect(isUnavailable(sdkError("InternalError", 500))).toBe(true);
  });

  it("leaves the request's own faults alone: missing objects, preconditions, wrong bytes", () => {
    expect(isUnavailable(sdkError("NotFound", 404))).toBe(false);
    expect(isUnavailable(sdkError("PreconditionFailed", 412))).toBe(false);
    expect(isUnavailable(new BlobMismatchError("hashes to something else"))).toBe(false);
    expect(isUnavailable(new BlobStoreUnavailableError(new Error("x")))).toBe(false);
  });

  it("answers 503 with Retry-After and no store address", () => {
    const error = new BlobStoreUnavailableError(new Error("connect ECONNREFUSED 10.0.0.5:7480"));
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ "Retry-After": "5" });
    expect(error.message).not.toContain("10.0.0.5");
  });
});
