import type { Readable } from "node:stream";

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** One stored object as a listing sees it (garbage collection, migration). */
export interface ListedBlob {
  oid: string;
  size: number;
  /** When the object was written or last touched, whichever is later. */
  lastUsedMs: number;
}

/**
 * Content-addressed storage for LFS objects, keyed by sha256 hex.
 * `put` verifies hash and size while the bytes stream in and only then makes the object visible.
 */
export interface BlobStore {
  /** Size of a stored object, or undefined when absent. */
  stat(oid: string): Promise<number | undefined>;
  /** Stores the stream under `oid`; rejects with BlobMismatchError if its sha256 or size differ. */
  put(oid: string, size: number, body: Readable): Promise<void>;
  open(oid: string, range?: ByteRange): Promise<Readable>;
  delete(oid: string): Promise<void>;
  /**
   * Marks an object as just used (a batch answer said "already stored", a commit claims it), so garbage
   * collection's grace period protects it until the commit that is about to reference it lands.
   */
  touch?(oid: string): Promise<void>;
  /** Latest of written and touched, or undefined when the object is gone. */
  lastUsedMs?(oid: string): Promise<number | undefined>;
  /** Resolves when the store answers (readiness checks: `/readyz`); rejects with the reason otherwise. */
  checkReachable?(): Promise<void>;
  /** Clients transfer bytes straight to and from the store (object storage); absent for local stores. */
  readonly direct?: DirectBlobAccess;
}

/** An object's bytes went to a staging key first and are checked before they get their content address. */
export interface StagedPart {
  partNumber: number;
  etag: string;
}

/** A multipart upload to a staging key: one presigned URL per part, in order. */
export interface StagedMultipart {
  uploadId: string;
  partUrls: string[];
}

/** What a browser or client may be told about a file it downloads by redirect. */
export interface DownloadUrlOptions {
  expiresSeconds: number;
  contentType?: string;
  contentDisposition?: string;
}

/**
 * Presigned transfers for stores the hub is not in the data path of. Uploads land on a staging key
 * of `scope` (one per repository, so nobody overwrites another repository's upload in flight) and
 * become the object `oid` only through `promote`, which reads them back and checks sha256 and size.
 */
export interface DirectBlobAccess {
  /** Lifetime of presigned upload URLs (batch `upload` actions, part URLs). */
  readonly uploadUrlSeconds: number;
  /** Lifetime of presigned download URLs (`resolve` redirects, batch `download` actions). */
  readonly downloadUrlSeconds: number;
  /** Staged uploads being checked or waiting for a worker (a queue depth for metrics). */
  readonly verifyQueueDepth: number;
  downloadUrl(oid: string, options: DownloadUrlOptions): Promise<string>;
  uploadUrl(scope: string, oid: string, expiresSeconds: number): Promise<string>;
  startMultipart(scope: string, oid: string, parts: number, expiresSeconds: number): Promise<StagedMultipart>;
  /** Joins the parts; an empty ETag is looked up from the store. Throws BlobMismatchError for bad parts. */
  completeMultipart(scope: string, oid: string, uploadId: string, parts: StagedPart[]): Promise<void>;
  /**
   * Verifies the staged bytes and makes them the object. False when nothing is staged; rejects with
   * BlobMismatchError (and drops the staged bytes) when they are not `oid` of `size` bytes. `size`
   * undefined accepts the staged size (the hash still has to match).
   */
  promote(scope: string, oid: string, size: number | undefined): Promise<boolean>;
}

/** Stores that can enumerate their objects (garbage collection and migration use this). */
export interface ListableBlobStore extends BlobStore {
  list(): AsyncIterable<ListedBlob>;
  /** Latest of written and touched, or undefined when the object is gone. */
  lastUsedMs(oid: string): Promise<number | undefined>;
  checkReachable(): Promise<void>;
  /** Human-readable location for messages (`s3://bucket/prefix`). */
  readonly location: string;
  /** Drops staged uploads (and unfinished multipart uploads) last written before `cutoffMs`. */
  sweepStaging?(cutoffMs: number, dryRun: boolean): Promise<{ removed: number; bytes: number }>;
}

export class BlobMismatchError extends Error {}

const SHA256 = /^[0-9a-f]{64}$/;

export function isSha256(oid: string): boolean {
  return SHA256.test(oid);
}
