import type { FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";
import { AnnouncedObjectCheck } from "./announced-object-check.js";

/** Bytes gathered before one write: few, large writes keep the disk busy and the event loop free. */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;

/** Positional writes running at once (each on a libuv pool thread). */
const WRITES_IN_FLIGHT = 3;

/**
 * Written bytes after which a background fdatasync starts: the disk then flushes while the network
 * delivers the rest, instead of the whole object waiting for the final flush.
 */
const EARLY_FLUSH_BYTES = 64 * 1024 * 1024;

/**
 * Writes `body` into `file` in one pass: each chunk is counted and hashed as it arrives, chunks are
 * gathered into large positional writes (a few run while the next batch fills), and the disk starts
 * flushing early. Fails as soon as the size is exceeded and at the end when the digest differs; no
 * write is left running when it settles.
 */
export async function writeVerifiedFile(
  body: Readable,
  file: FileHandle,
  oid: string,
  size: number,
): Promise<void> {
  const check = new AnnouncedObjectCheck(oid, size);
  let batch: Buffer[] = [];
  let batched = 0;
  let position = 0;
  const writes: Promise<void>[] = [];
  let flushing: Promise<void> | undefined;
  let flushedUpTo = 0;

  const flush = async () => {
    const data = batch.length === 1 ? batch[0] : Buffer.concat(batch, batched);
    batch = [];
    batched = 0;
    if (writes.length >= WRITES_IN_FLIGHT) await writes.shift();
    const write = writeAll(file, data, position);
    // awaited later; marked handled now so a failing write never counts as an unhandled rejection
    write.catch(() => undefined);
    writes.push(write);
    position += data.length;
    if (!flushing && position - flushedUpTo >= EARLY_FLUSH_BYTES) {
      flushedUpTo = position;
      flushing = Promise.all(writes)
        .then(() => file.datasync())
        .finally(() => (flushing = undefined));
      flushing.catch(() => undefined);
    }
  };

  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      const hashing = check.add(buf);
      batch.push(buf);
      batched += buf.length;
      if (batched >= WRITE_BATCH_BYTES) await flush();
      if (hashing) await hashing;
    }
    if (batched > 0) await flush();
    await Promise.all(writes);
    await flushing;
  } catch (error) {
    check.abort();
    await Promise.allSettled(writes);
    await flushing?.catch(() => undefined);
    throw error;
  }
  await check.finish();
}

async function writeAll(file: FileHandle, data: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset, position + offset);
    offset += bytesWritten;
  }
}
