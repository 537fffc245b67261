import type { Readable, Writable } from "node:stream";
import { AnnouncedObjectCheck } from "./announced-object-check.js";

/**
 * Copies `body` into `sink`, hashing and counting on the way; fails as soon as the size is exceeded
 * and at the end when the digest differs. The sink is ended on success.
 */
export async function copyVerified(body: Readable, sink: Writable, oid: string, size: number): Promise<void> {
  const check = new AnnouncedObjectCheck(oid, size);
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    check.add(buf);
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
  check.finish();
  await new Promise<void>((resolve, reject) => {
    sink.once("error", reject);
    sink.end(() => resolve());
  });
}
