import { sha256Stream, type StreamHash } from "../../offload/stream-hash.js";
import { BlobMismatchError } from "./blob-store.js";

/**
 * Counts and hashes an object's bytes as they pass, against the size and oid announced for it. A large
 * object is hashed on a hashing thread (see `sha256Stream`): the caller waits on `add` only when that
 * thread is behind, and must call `finish` or `abort` so the thread is handed back.
 */
export class AnnouncedObjectCheck {
  private readonly hash: StreamHash;
  private received = 0;

  constructor(
    private readonly oid: string,
    private readonly size: number,
  ) {
    this.hash = sha256Stream(size);
  }

  /**
   * Takes the next chunk; throws as soon as more bytes have come than announced. A promise means: wait
   * for it before the next chunk.
   */
  add(chunk: Uint8Array): Promise<void> | undefined {
    this.received += chunk.length;
    if (this.received > this.size) {
      this.hash.abort();
      throw new BlobMismatchError(`Object ${this.oid} is larger than the announced ${this.size} bytes`);
    }
    return this.hash.update(chunk);
  }

  /** Throws unless exactly the announced number of bytes came and they hash to the oid. */
  async finish(): Promise<void> {
    if (this.received !== this.size) {
      this.hash.abort();
      throw new BlobMismatchError(
        `Object ${this.oid}: received ${this.received} bytes, expected ${this.size}`,
      );
    }
    const digest = await this.hash.digest();
    if (digest !== this.oid)
      throw new BlobMismatchError(`Object content hashes to ${digest}, not ${this.oid}`);
  }

  /** Gives up (the body failed); no-op after `finish`. */
  abort(): void {
    this.hash.abort();
  }
}
