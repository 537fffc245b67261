import type { Readable, Writable } from "node:stream";
import { AnnouncedObjectCheck } from "./announced-object-check.js";

/**
 * Copies `body` into `sink`, hashing and counting on the way; fails as soon as the size is exceeded
 * and at the end when the digest differs. The sink is ended on success.
 */
export async function copyVerified(body: Readable, sink: Writable, oid: string, size: number): Promise<void> {
  const check = new AnnouncedObjectCheck(oid, size);
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      const hashing = check.add(buf);
      if (!sink.write(buf))
        await new Promise<void>((resolve, reject) => {
          const onError = (error: Error) => reject(error);
          sink.once("error", onError);
          sink.once("drain", () => {
            sink.off("error", onError);
            resolve();
          });
        });
      if (hashing) await hashing;
    }
  } catch (error) {
    check.abort();
    throw error;
  }
  await check.finish();
  await new Promise<void>((resolve, reject) => {
    sink.once("error", reject);
    sink.end(() => resolve());
  });
}
