import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import {
  ABORT,
  CONSUMED,
  createRing,
  distance,
  FINISH,
  RING_BYTES,
  RING_MASK,
  ringViews,
  SIGNAL,
  SLEEPING,
  STATE,
  WRITTEN,
  type HashJob,
  type HashJobResult,
  type HashRing,
} from "./hash-ring.js";
import { siblingEntry, startThread } from "./thread-pool.js";

/**
 * Objects at least this large are hashed on a thread of their own (hashing 8 MiB takes ~5 ms of a
 * core); below it, waking a thread costs about as much as hashing where the bytes are.
 */
export const THREAD_HASH_MIN_BYTES = 8 * 1024 * 1024;

/**
 * A sleeping hashing thread is woken once this many bytes wait for it (or the body ends), not at every
 * chunk: each wake-up is a futex call on both sides and a context switch, per 64 KiB socket chunk
 * otherwise. Well under RING_BYTES, so the ring never fills while the thread sleeps.
 */
const WAKE_AFTER_BYTES = 1024 * 1024;

/** Bytes staged at a time by alignedCopy. */
const STAGE_BYTES = 64 * 1024;
const stage = new Uint8Array(STAGE_BYTES + 8);

/**
 * Copies `source` into the shared ring at `target`. V8 copies into shared memory with relaxed atomic
 * word moves, but byte by byte when source and target differ in alignment modulo 8 (~3 GiB/s against
 * 15-25 aligned); socket chunks land at any offset, so a misaligned chunk goes through a private
 * buffer placed at the target's alignment: two fast copies instead of one slow one.
 */
function alignedCopy(data: Uint8Array, source: Uint8Array, target: number): void {
  const shift = (data.byteOffset + target - source.byteOffset) & 7;
  if (shift === 0) {
    data.set(source, target);
    return;
  }
  const at = (data.byteOffset + target) & 7;
  for (let done = 0; done < source.length; done += STAGE_BYTES) {
    const piece = source.subarray(done, done + STAGE_BYTES);
    stage.set(piece, at);
    data.set(stage.subarray(at, at + piece.length), target + done);
  }
}

/** A SHA-256 fed chunk by chunk as a body streams through. */
export interface StreamHash {
  /**
   * Takes a chunk (copied: the caller may hand it on at once). Returns a promise when the hashing
   * thread is a whole ring behind; the next chunk waits for it.
   */
  update(chunk: Uint8Array): Promise<void> | undefined;
  /** The hex digest of everything given; the hash is done after it. */
  digest(): Promise<string>;
  /** Drops the hash (the transfer failed); no-op once digested. */
  abort(): void;
}

/**
 * The SHA-256 of a stream of `size` bytes. A large one runs on a hashing thread: the main thread only
 * copies each chunk into shared memory (a tenth of the cost of hashing it), so a download relayed
 * through the hub is not capped by one core doing both the relay and the hash.
 */
export function sha256Stream(size: number): StreamHash {
  const thread = size >= THREAD_HASH_MIN_BYTES ? acquireThread() : undefined;
  return thread ? new ThreadHash(thread) : new InlineHash();
}

class InlineHash implements StreamHash {
  private readonly hash = createHash("sha256");

  update(chunk: Uint8Array): undefined {
    this.hash.update(chunk);
    return undefined;
  }

  digest(): Promise<string> {
    return Promise.resolve(this.hash.digest("hex"));
  }

  abort(): void {}
}

/**
 * A hash on a hashing thread: with `fd`, the thread also appends every byte to that file (see
 * hashIntoFile), and the file must stay open until `settled()`.
 */
export class ThreadHash implements StreamHash {
  /** Bytes given, modulo 2^32 (the ring's positions). */
  private written = 0;
  /** Bytes given, in all. */
  private total = 0;
  private done = false;
  /** The job stopped early (the file could not be written). */
  private failure: Error | undefined;
  private readonly result: Promise<HashJobResult>;

  constructor(
    private readonly thread: HasherThread,
    fd?: number,
  ) {
    this.result = thread.begin(fd);
    this.result.then(
      ({ error }) => {
        if (!error) return;
        this.failure = new Error(`writing the file failed: ${error}`);
        // a chunk waiting for room hears of it now, not at its next bounded wait
        Atomics.notify(this.thread.ring.control, CONSUMED);
      },
      // a job dropped without a digest still settles; nobody else may be listening
      () => undefined,
    );
  }

  update(chunk: Uint8Array): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    // aborted while waiting for room: the thread may already hash another body
    if (this.done) return undefined;
    const { control, data } = this.thread.ring;
    let offset = 0;
    while (offset < chunk.length) {
      const free = RING_BYTES - distance(Atomics.load(control, CONSUMED) >>> 0, this.written);
      if (free === 0) {
        const rest = chunk.subarray(offset);
        return this.thread
          .roomAfter(this.written, () => !this.done && !this.failure)
          .then(() => this.update(rest));
      }
      const start = this.written & RING_MASK;
      const length = Math.min(free, chunk.length - offset, RING_BYTES - start);
      alignedCopy(data, chunk.subarray(offset, offset + length), start);
      offset += length;
      this.total += length;
      this.written = (this.written + length) >>> 0;
      Atomics.store(control, WRITTEN, this.written | 0);
      this.thread.wakeFor(this.written);
    }
    return undefined;
  }

  /** Bytes the thread has hashed (and written, with a file) so far. */
  consumed(): number {
    return this.total - distance(Atomics.load(this.thread.ring.control, CONSUMED) >>> 0, this.written);
  }

  async digest(): Promise<string> {
    this.done = true;
    this.thread.end(FINISH);
    let answer: HashJobResult;
    try {
      answer = await this.result;
    } catch (error) {
      this.thread.terminate();
      throw error;
    }
    releaseThread(this.thread);
    if (answer.error) throw new Error(`writing the file failed: ${answer.error}`);
    if (answer.digest === undefined) throw new Error("the hashing thread gave no digest");
    return answer.digest;
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.thread.end(ABORT);
    // a chunk waiting for room gives up now rather than at its next timeout
    Atomics.notify(this.thread.ring.control, CONSUMED);
    this.result.then(
      () => releaseThread(this.thread),
      () => this.thread.terminate(),
    );
  }

  /** Resolves once the thread is done with this job: it reads the ring and writes the file no more. */
  settled(): Promise<void> {
    return this.result.then(
      () => undefined,
      () => undefined,
    );
  }
}

/**
 * A hash on a hashing thread that also writes every byte to `fd`, or undefined when every thread is
 * busy or the object is small (the caller hashes and writes where it is).
 */
export function threadHashIntoFile(size: number, fd: number): ThreadHash | undefined {
  const thread = size >= THREAD_HASH_MIN_BYTES ? acquireThread() : undefined;
  return thread ? new ThreadHash(thread, fd) : undefined;
}

/** A hashing thread and its ring; one job at a time. */
class HasherThread {
  readonly ring: HashRing = ringViews(createRing());
  private readonly worker: Worker;
  private lost: Error | undefined;
  private settle: { resolve: (answer: HashJobResult) => void; reject: (error: Error) => void } | undefined;

  constructor() {
    this.worker = startThread(siblingEntry(import.meta.url, "hasher-thread"));
    this.worker.postMessage(this.ring.buffer);
    this.worker.unref();
    this.worker.on("message", (message: HashJobResult) => {
      const settle = this.settle;
      this.settle = undefined;
      // an idle thread never keeps the process alive; a job does, until its answer (a CLI command
      // awaiting a digest has nothing else pending)
      this.worker.unref();
      settle?.resolve(message);
    });
    const fail = (why: string) => {
      this.lost ??= new Error(`the hashing thread stopped (${why})`);
      const settle = this.settle;
      this.settle = undefined;
      settle?.reject(this.lost);
    };
    this.worker.on("error", (error) => fail(error.message.split("\n")[0].slice(0, 200)));
    this.worker.on("exit", (code) => {
      live--;
      fail(`exit code ${code}`);
    });
    live++;
  }

  get usable(): boolean {
    return this.lost === undefined;
  }

  /** Starts a job on the idle thread: the positions go back to zero before it reads them. */
  begin(fd?: number): Promise<HashJobResult> {
    const { control } = this.ring;
    for (const word of [WRITTEN, CONSUMED, STATE, SIGNAL, SLEEPING]) Atomics.store(control, word, 0);
    const result = new Promise<HashJobResult>((resolve, reject) => (this.settle = { resolve, reject }));
    if (this.lost) this.settle?.reject(this.lost);
    else {
      this.worker.ref();
      const job: HashJob = { begin: true, fd };
      this.worker.postMessage(job);
    }
    return result;
  }

  signal(): void {
    Atomics.add(this.ring.control, SIGNAL, 1);
    Atomics.notify(this.ring.control, SIGNAL);
  }

  /** Wakes the thread if it sleeps with at least WAKE_AFTER_BYTES waiting up to `written`. */
  wakeFor(written: number): void {
    const { control } = this.ring;
    if (
      Atomics.load(control, SLEEPING) === 1 &&
      distance(Atomics.load(control, CONSUMED) >>> 0, written) >= WAKE_AFTER_BYTES
    )
      this.signal();
  }

  end(state: typeof FINISH | typeof ABORT): void {
    Atomics.store(this.ring.control, STATE, state);
    this.signal();
  }

  /**
   * Resolves once the thread has hashed enough that the ring has room past `written`, or as soon as the
   * job is no longer `wanted` (aborted).
   */
  async roomAfter(written: number, wanted: () => boolean): Promise<void> {
    const { control } = this.ring;
    for (;;) {
      if (this.lost) throw this.lost;
      if (!wanted()) return;
      const consumed = Atomics.load(control, CONSUMED);
      if (distance(consumed >>> 0, written) < RING_BYTES) return;
      // bounded, so a thread that died in between is noticed
      const wait = Atomics.waitAsync(control, CONSUMED, consumed, 1000);
      if (wait.async) await wait.value;
    }
  }

  terminate(): void {
    this.lost ??= new Error("the hashing thread was stopped");
    void this.worker.terminate();
  }
}

const idle: HasherThread[] = [];
/** Hashing threads started and not yet exited. */
let live = 0;

/**
 * An idle hashing thread, a new one while fewer than one per core run, else none: more threads than
 * cores hash no faster, and each costs memory, so further bodies are hashed where they arrive.
 */
function acquireThread(): HasherThread | undefined {
  for (let thread = idle.pop(); thread; thread = idle.pop()) if (thread.usable) return thread;
  return live < availableParallelism() ? new HasherThread() : undefined;
}

function releaseThread(thread: HasherThread): void {
  if (thread.usable && idle.length < availableParallelism()) idle.push(thread);
  else thread.terminate();
}
