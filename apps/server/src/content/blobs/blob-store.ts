import type { Readable } from "node:stream";

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
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
  /** Rejects when the store cannot be used now (`/readyz` asks, time-bounded). */
  checkReachable?(): Promise<void>;
}

export class BlobMismatchError extends Error {}

const SHA256 = /^[0-9a-f]{64}$/;

export function isSha256(oid: string): boolean {
  return SHA256.test(oid);
}
