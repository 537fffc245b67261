import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { BlobMismatchError } from "./blob-store.js";

/**
 * Passes bytes through while hashing and counting them; errors as soon as more than `size` bytes
 * arrive, and at the end (before the consumer sees the end) when the count or the sha256 differ. A
 * consumer that only commits its write on a clean end therefore never commits unverified bytes.
 */
export function verifyingTransform(oid: string, size: number): Transform {
  const hash = createHash("sha256");
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > size)
        return done(new BlobMismatchError(`Object ${oid} is larger than the announced ${size} bytes`));
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (received !== size)
        return done(new BlobMismatchError(`Object ${oid}: received ${received} bytes, expected ${size}`));
      const digest = hash.digest("hex");
      if (digest !== oid)
        return done(new BlobMismatchError(`Object content hashes to ${digest}, not ${oid}`));
      done();
    },
  });
}
