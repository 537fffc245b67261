import { Transform } from "node:stream";
import { AnnouncedObjectCheck } from "./announced-object-check.js";

/**
 * Passes bytes through while hashing and counting them; errors as soon as more than `size` bytes
 * arrive, and at the end (before the consumer sees the end) when the count or the sha256 differ. A
 * consumer that only commits its write on a clean end therefore never commits unverified bytes.
 */
export function verifyingTransform(oid: string, size: number): Transform {
  const check = new AnnouncedObjectCheck(oid, size);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let hashing: Promise<void> | undefined;
      try {
        hashing = check.add(chunk);
      } catch (error) {
        return done(error as Error);
      }
      if (hashing) hashing.then(() => done(null, chunk), done);
      else done(null, chunk);
    },
    flush(done) {
      check.finish().then(() => done(), done);
    },
    destroy(error, done) {
      // a body that failed or was dropped before its end hands the hashing thread back
      check.abort();
      done(error);
    },
  });
}
