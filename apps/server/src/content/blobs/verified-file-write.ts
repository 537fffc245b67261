import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";
import { BlobMismatchError } from "./blob-store.js";

/** Bytes gathered before one write: few, large writes keep the disk busy and the event loop free. */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Writes `body` into `file` in one pass: each chunk is counted and hashed as it arrives, chunks are
 * gathered into large writes, and one write runs while the next batch fills. Fails as soon as the
 * size is exceeded and at the end when the digest differs; no write is left running when it settles.
 */
export async function writeVerifiedFile(
  body: Readable,
  file: FileHandle,
  oid: string,
  size: number,
): Promise<void> {
  const hash = createHash("sha256");
  let received = 0;
  let batch: Buffer[] = [];
  let batched = 0;
  let position = 0;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    const data = batch.length === 1 ? batch[0] : Buffer.concat(batch, batched);
    batch = [];
    batched = 0;
    await writing;
    writing = writeAll(file, data, position);
    // awaited later; marked handled now so a failing write never counts as an unhandled rejection
    writing.catch(() => undefined);
    position += data.length;
  };

  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      received += buf.length;
      if (received > size)
        throw new BlobMismatchError(`Object ${oid} is larger than the announced ${size} bytes`);
      hash.update(buf);
      batch.push(buf);
      batched += buf.length;
      if (batched >= WRITE_BATCH_BYTES) await flush();
    }
    if (batched > 0) await flush();
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    throw error;
  }
  if (received !== size)
    throw new BlobMismatchError(`Object ${oid}: received ${received} bytes, expected ${size}`);
  const digest = hash.digest("hex");
  if (digest !== oid) throw new BlobMismatchError(`Object content hashes to ${digest}, not ${oid}`);
}

async function writeAll(file: FileHandle, data: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset, position + offset);
    offset += bytesWritten;
  }
}
