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
  STATE,
  WRITTEN,
  type HashRing,
} from "./hash-ring.js";
import { siblingEntry, startThread } from "./thread-pool.js";

/**
 * Objects at least this large are hashed on a thread of their own (hashing 8 MiB takes ~5 ms of a
 * core); below it, waking a thread costs about as much as hashing where the bytes are.
 */
export const THREAD_HASH_MIN_BYTES = 8 * 1024 * 1024;

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

class ThreadHash implements StreamHash {
  private written = 0;
  private done = false;
  private readonly result: Promise<string | undefined>;

  constructor(private readonly thread: HasherThread) {
    this.result = thread.begin();
    // a job dropped without a digest still settles; nobody else may be listening
    this.result.catch(() => undefined);
  }

  update(chunk: Uint8Array): Promise<void> | undefined {
    // aborted while waiting for room: the thread may already hash another body
    if (this.done) return undefined;
    const { control, data } = this.thread.ring;
    let offset = 0;
    while (offset < chunk.length) {
      const free = RING_BYTES - distance(Atomics.load(control, CONSUMED) >>> 0, this.written);
      if (free === 0) {
        const rest = chunk.subarray(offset);
        return this.thread.roomAfter(this.written, () => !this.done).then(() => this.update(rest));
      }
      const start = this.written & RING_MASK;
      const length = Math.min(free, chunk.length - offset, RING_BYTES - start);
      data.set(chunk.subarray(offset, offset + length), start);
      offset += length;
      this.written = (this.written + length) >>> 0;
      Atomics.store(control, WRITTEN, this.written | 0);
      this.thread.signal();
    }
    return undefined;
  }

  async digest(): Promise<string> {
    this.done = true;
    this.thread.end(FINISH);
    try {
      const digest = await this.result;
      if (digest === undefined) throw new Error("the hashing thread gave no digest");
      releaseThread(this.thread);
      return digest;
    } catch (error) {
      this.thread.terminate();
      throw error;
    }
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
}

/** A hashing thread and its ring; one job at a time. */
class HasherThread {
  readonly ring: HashRing = ringViews(createRing());
  private readonly worker: Worker;
  private lost: Error | undefined;
  private settle:
    { resolve: (digest: string | undefined) => void; reject: (error: Error) => void } | undefined;

  constructor() {
    this.worker = startThread(siblingEntry(import.meta.url, "hasher-thread"));
    this.worker.postMessage(this.ring.buffer);
    this.worker.unref();
    this.worker.on("message", (message: { digest?: string }) => {
      const settle = this.settle;
      this.settle = undefined;
      // an idle thread never keeps the process alive; a job does, until its answer (a CLI command
      // awaiting a digest has nothing else pending)
      this.worker.unref();
      settle?.resolve(message.digest);
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
  begin(): Promise<string | undefined> {
    const { control } = this.ring;
    for (const word of [WRITTEN, CONSUMED, STATE, SIGNAL]) Atomics.store(control, word, 0);
    const result = new Promise<string | undefined>((resolve, reject) => (this.settle = { resolve, reject }));
    if (this.lost) this.settle?.reject(this.lost);
    else {
      this.worker.ref();
      this.worker.postMessage("begin");
    }
    return result;
  }

  signal(): void {
    Atomics.add(this.ring.control, SIGNAL, 1);
    Atomics.notify(this.ring.control, SIGNAL);
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
