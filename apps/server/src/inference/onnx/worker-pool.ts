import { GenerationSlots, QueueFullError, SlotWaitAborted } from "../embedded/generation-slots.js";
import { WorkerCallError, WorkerProcess, type CallOptions, type WorkerLimits } from "./worker-process.js";
import type { JobResult, WorkerJob } from "./worker-protocol.js";
import { HttpError, badRequest } from "../../domain/errors.js";

export interface PoolOptions extends WorkerLimits {
  /** Worker processes, each running one call at a time (the concurrency limit). */
  workers: number;
  /** Calls that may wait for a worker; more are refused with 503 and Retry-After. */
  maxQueue: number;
}

const RETRY_AFTER_SECONDS = "2";

/**
 * The ONNX worker processes: at most one call per worker, a bounded queue in front, a call sent to a
 * worker that already has its model loaded when one is free. Worker failures become HTTP errors:
 * bad input 400, a crash or memory kill 500, a timeout 504, a full queue 503 with Retry-After.
 */
export class WorkerPool {
  private readonly workers: WorkerProcess[];
  private readonly slots: GenerationSlots;

  constructor(private readonly options: PoolOptions) {
    this.workers = Array.from({ length: options.workers }, () => new WorkerProcess(options));
    this.slots = new GenerationSlots(options.workers, options.maxQueue);
  }

  get restarts(): number {
    return this.workers.reduce((sum, worker) => sum + worker.restarts, 0);
  }

  async run(
    modelDir: string,
    job: WorkerJob,
    signal: AbortSignal,
    onChunk?: CallOptions["onChunk"],
  ): Promise<JobResult> {
    let release: () => void;
    try {
      release = await this.slots.acquire(signal);
    } catch (err) {
      if (err instanceof QueueFullError)
        throw new HttpError(
          503,
          `The ONNX backend is busy (${this.options.workers} running, ${this.options.maxQueue} waiting); try again shortly`,
          undefined,
          { "Retry-After": RETRY_AFTER_SECONDS },
        );
      if (err instanceof SlotWaitAborted) throw new HttpError(408, "The caller went away while waiting");
      throw err;
    }
    try {
      const idle = this.workers.filter((worker) => !worker.busy);
      const worker = idle.find((w) => w.warm.has(modelDir)) ?? idle.find((w) => w.warm.size === 0) ?? idle[0];
      return await worker.run(modelDir, job, { signal, onChunk });
    } catch (err) {
      throw asHttpError(err);
    } finally {
      release();
    }
  }

  stop(): void {
    for (const worker of this.workers) worker.stop();
  }
}

function asHttpError(err: unknown): Error {
  if (!(err instanceof WorkerCallError)) return err instanceof Error ? err : new Error(String(err));
  switch (err.kind) {
    case "bad-input":
      return badRequest(err.message);
    case "timeout":
      return new HttpError(504, err.message);
    case "crashed":
      return new HttpError(500, `${err.message}; the worker is restarted for the next call`);
    default:
      return new HttpError(500, `The model could not be run: ${err.message}`);
  }
}
