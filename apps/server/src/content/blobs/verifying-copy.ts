import { createHash } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import { BlobMismatchError } from "./blob-store.js";

/**
 * Copies `body` into `sink`, hashing and counting on the way; fails as soon as the size is exceeded
 * and at the end when the digest differs. The sink is ended on success.
 */
export async function copyVerified(body: Readable, sink: Writable, oid: string, size: number): Promise<void> {
  const hash = createHash("sha256");
  let received = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    received += buf.length;
    if (received > size)
      throw new BlobMismatchError(`Object ${oid} is larger than the announced ${size} bytes`);
    hash.update(buf);
    if (!sink.write(buf))
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        sink.once("error", onError);
        sink.once("drain", () => {
          sink.off("error", onError);
          resolve();
        });
      });
  }
  if (received !== size)
    throw new BlobMismatchError(`Object ${oid}: received ${received} bytes, expected ${size}`);
  const digest = hash.digest("hex");
  if (digest !== oid) throw new BlobMismatchError(`Object content hashes to ${digest}, not ${oid}`);
  await new Promise<void>((resolve, reject) => {
    sink.once("error", reject);
    sink.end(() => resolve());
  });
}
