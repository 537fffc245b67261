import { Worker, type ResourceLimits, type Transferable } from "node:worker_threads";

/** What a worker entry answers for each job (see `serveJobs`). */
export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string; badInput: boolean };

/**
 * A job's failure: `bad-input` when the worker refused the input (a 4xx for the caller), `timeout` when
 * it ran past the time limit, `failed` when the thread crashed or ran out of memory.
 */
export class ThreadJobError extends Error {
  constructor(
    message: string,
    readonly kind: "bad-input" | "timeout" | "failed",
  ) {
    super(message);
  }
}

export interface ThreadPoolOptions {
  /** A name for error messages ("JSON parser", "tokenizer"). */
  name: string;
  /** The worker module: compiled JavaScript, or TypeScript source under tsx (tests). */
  entry: URL;
  threads: number;
  /** A job running longer stops its thread (the job fails; the next job starts a fresh one). */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker | undefined;
  pending: Map<number, Pending>;
}

/**
 * A few worker threads that take work the event loop must not do (parsing big bodies, YAML,
 * tokenising). Threads start on first use and do not keep the process alive; a thread that crashes,
 * runs out of memory or overruns the time limit is stopped, its jobs fail, and the next job gets a
 * fresh thread. Jobs go to the thread with the fewest waiting.
 */
export class ThreadPool {
  private readonly slots: Slot[];
  private nextId = 1;

  constructor(private readonly options: ThreadPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.threads) }, () => ({
      worker: undefined,
      pending: new Map(),
    }));
  }

  /**
   * Runs one job. `timed: false` for a job that waits on its input (a body still arriving): it ends with
   * its input, and its thread is not stopped for a slow sender.
   */
  run<T>(message: Record<string, unknown>, transfer: Transferable[] = [], timed = true): Promise<T> {
    const slot = this.slots.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best));
    const worker = slot.worker ?? this.start(slot);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          timed &&
          this.stop(
            slot,
            new ThreadJobError(
              `The ${this.options.name} took longer than ${this.options.timeoutMs} ms`,
              "timeout",
            ),
          ),
        this.options.timeoutMs,
      );
      slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      worker.ref();
      worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Stops every thread (their jobs fail). */
  close(): void {
    for (const slot of this.slots) this.stop(slot, new Error(`The ${this.options.name} was stopped`));
  }

  private start(slot: Slot): Worker {
    const worker = startThread(this.options.entry, this.options.resourceLimits);
    worker.unref();
    worker.on("message", (reply: ThreadReply) => {
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (slot.pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new ThreadJobError(reply.error, reply.badInput ? "bad-input" : "failed"));
    });
    const lost = (why: string) => {
      if (slot.worker !== worker) return;
      this.stop(slot, new ThreadJobError(`The ${this.options.name} stopped (${why})`, "failed"));
    };
    worker.on("error", (error) => lost(error.message.split("\n")[0].slice(0, 200)));
    worker.on("exit", (code) => lost(`exit code ${code}`));
    slot.worker = worker;
    return worker;
  }

  private stop(slot: Slot, error: Error): void {
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) void worker.terminate();
    const pending = [...slot.pending.values()];
    slot.pending.clear();
    for (const job of pending) {
      clearTimeout(job.timer);
      job.reject(error);
    }
  }
}

/**
 * A worker thread running `entry`. Compiled builds run the `.js` file; tests and `tsx` run the `.ts`
 * source, which a worker cannot load by itself: a one-line bootstrap registers tsx in the thread first.
 */
export function startThread(entry: URL, resourceLimits?: ResourceLimits): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, { resourceLimits });
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The sibling module of `here` named `name` (same extension: `.js` built, `.ts` under tsx). */
export function siblingEntry(here: string, name: string): URL {
  const extension = here.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${name}${extension}`, here);
}
