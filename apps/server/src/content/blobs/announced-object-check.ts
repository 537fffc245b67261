import { createHash } from "node:crypto";
import { BlobMismatchError } from "./blob-store.js";

/** Counts and hashes an object's bytes as they pass, against the size and oid announced for it. */
export class AnnouncedObjectCheck {
  private readonly hash = createHash("sha256");
  private received = 0;

  constructor(
    private readonly oid: string,
    private readonly size: number,
  ) {}

  /** Takes the next chunk; throws as soon as more bytes have come than announced. */
  add(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > this.size)
      throw new BlobMismatchError(`Object ${this.oid} is larger than the announced ${this.size} bytes`);
    this.hash.update(chunk);
  }

  /** Throws unless exactly the announced number of bytes came and they hash to the oid. */
  finish(): void {
    if (this.received !== this.size)
      throw new BlobMismatchError(
        `Object ${this.oid}: received ${this.received} bytes, expected ${this.size}`,
      );
    const digest = this.hash.digest("hex");
    if (digest !== this.oid)
      throw new BlobMismatchError(`Object content hashes to ${digest}, not ${this.oid}`);
  }
}
