import { createHash } from "node:crypto";
import { writeSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import {
  ABORT,
  CONSUMED,
  distance,
  FINISH,
  RING_BYTES,
  RING_MASK,
  SIGNAL,
  SLEEPING,
  STATE,
  WRITTEN,
  ringViews,
  type HashJob,
  type HashJobResult,
  type HashRing,
} from "./hash-ring.js";

/** Space is handed back to the main thread at least this often, so it never waits for a whole ring. */
const RELEASE_EVERY = 512 * 1024;

/**
 * One SHA-256 at a time over the bytes the main thread copies into the shared ring, each piece also
 * appended to a file when the job names one (so the bytes cross into user space once, and the disk
 * writes come in ring-sized pieces from memory no collector ever scans). A job starts with a "begin"
 * message and ends when the main thread sets FINISH (the digest is posted, every byte written) or ABORT.
 * Room in the ring is handed back only once a piece is hashed and written.
 */
let ring: HashRing | undefined;

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length;)
    done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

function hashJob({ control, data }: HashRing, fd: number | undefined): HashJobResult {
  const hash = createHash("sha256");
  let consumed = Atomics.load(control, CONSUMED) >>> 0;
  let position = 0;
  for (;;) {
    const signal = Atomics.load(control, SIGNAL);
    const written = Atomics.load(control, WRITTEN) >>> 0;
    const waiting = distance(consumed, written);
    if (waiting > 0) {
      // an aborted body's remaining bytes are neither hashed nor written
      if (Atomics.load(control, STATE) === ABORT) return {};
      const start = consumed & RING_MASK;
      const length = Math.min(waiting, RING_BYTES - start, RELEASE_EVERY);
      const piece = data.subarray(start, start + length);
      hash.update(piece);
      if (fd !== undefined) {
        try {
          writeAll(fd, piece, position);
        } catch (error) {
          // wake a main thread waiting for room: it finds the job over
          Atomics.notify(control, CONSUMED);
          return { error: error instanceof Error ? error.message : String(error) };
        }
        position += length;
      }
      consumed = (consumed + length) >>> 0;
      Atomics.store(control, CONSUMED, consumed | 0);
      Atomics.notify(control, CONSUMED);
      continue;
    }
    const state = Atomics.load(control, STATE);
    if (state === FINISH) return { digest: hash.digest("hex") };
    if (state === ABORT) return {};
    // say so before sleeping, then look once more: a writer that did not see the flag had already
    // published its position (Atomics are sequentially consistent), so nothing is slept through
    Atomics.store(control, SLEEPING, 1);
    if (Atomics.load(control, WRITTEN) >>> 0 === written && Atomics.load(control, STATE) === state)
      Atomics.wait(control, SIGNAL, signal);
    Atomics.store(control, SLEEPING, 0);
  }
}

const isJob = (message: unknown): message is HashJob =>
  typeof message === "object" && message !== null && (message as HashJob).begin === true;

// the first message is the shared memory; each job after it runs one hash
parentPort?.on("message", (message: unknown) => {
  if (message instanceof SharedArrayBuffer) ring = ringViews(message);
  else if (isJob(message) && ring) parentPort?.postMessage(hashJob(ring, message.fd));
});
