import { createHash } from "node:crypto";
import { parentPort } from "node:worker_threads";
import {
  ABORT,
  CONSUMED,
  distance,
  FINISH,
  RING_BYTES,
  RING_MASK,
  SIGNAL,
  STATE,
  WRITTEN,
  ringViews,
  type HashRing,
} from "./hash-ring.js";

/** Space is handed back to the main thread at least this often, so it never waits for a whole ring. */
const RELEASE_EVERY = 512 * 1024;

/**
 * One SHA-256 at a time over the bytes the main thread copies into the shared ring. A job starts with a
 * "begin" message and ends when the main thread sets FINISH (the digest is posted) or ABORT.
 */
let ring: HashRing | undefined;

function hashJob({ control, data }: HashRing): { digest?: string } {
  const hash = createHash("sha256");
  let consumed = Atomics.load(control, CONSUMED) >>> 0;
  for (;;) {
    const signal = Atomics.load(control, SIGNAL);
    const written = Atomics.load(control, WRITTEN) >>> 0;
    const waiting = distance(consumed, written);
    if (waiting > 0) {
      const start = consumed & RING_MASK;
      const length = Math.min(waiting, RING_BYTES - start, RELEASE_EVERY);
      hash.update(data.subarray(start, start + length));
      consumed = (consumed + length) >>> 0;
      Atomics.store(control, CONSUMED, consumed | 0);
      Atomics.notify(control, CONSUMED);
      continue;
    }
    const state = Atomics.load(control, STATE);
    if (state === FINISH) return { digest: hash.digest("hex") };
    if (state === ABORT) return {};
    Atomics.wait(control, SIGNAL, signal);
  }
}

// the first message is the shared memory; each "begin" after it runs one job
parentPort?.on("message", (message: unknown) => {
  if (message instanceof SharedArrayBuffer) ring = ringViews(message);
  else if (message === "begin" && ring) parentPort?.postMessage(hashJob(ring));
});
