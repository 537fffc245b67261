import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ScanJob, ScanJobReply } from "./protocol.js";

/**
 * How to start the worker next to this file: the compiled JS, or (tests run the sources) the TS file
 * behind tsx's loader, registered inside the worker before the entry is imported.
 */
function workerStart(): { code: string; eval: true } | { file: string; eval: false } {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts")) return { file: here.replace(/worker-pool\.js$/, "scan-worker.js"), eval: false };
  const tsxApi = pathToFileURL(
    join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs"),
  ).href;
  const entry = pathToFileURL(here.replace(/worker-pool\.ts$/, "scan-worker.ts")).href;
  return {
    code: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/** A scan worker's heap; archives are read through a window, so this bounds a hostile file's cost. */
const WORKER_HEAP_MB = 512;

interface Slot {
  worker: Worker | undefined;
  busy: boolean;
}

/**
 * Scan worker threads: at most `size` files are scanned at once, each in a thread of its own with a
 * bounded heap. A scan that runs past the time limit (or crashes its thread) fails, and the thread is
 * replaced for the next one.
 */
export class ScanWorkerPool {
  private readonly slots: Slot[];
  private readonly waiting: { job: Omit<ScanJob, "id">; resolve: (r: ScanJobReply) => void }[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    size: number,
    private readonly timeoutMs: number,
  ) {
    this.slots = Array.from({ length: size }, () => ({ worker: undefined, busy: false }));
  }

  run(job: Omit<ScanJob, "id">): Promise<ScanJobReply> {
    return new Promise((resolve) => {
      this.waiting.push({ job, resolve });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0))
      waiter.resolve({ id: 0, ok: false, error: "the hub is shutting down" });
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.closed || this.waiting.length === 0) return;
      if (slot.busy) continue;
      const next = this.waiting.shift()!;
      slot.busy = true;
      void this.runOn(slot, { ...next.job, id: this.nextId++ }).then((reply) => {
        slot.busy = false;
        next.resolve(reply);
        this.pump();
      });
    }
  }

  private runOn(slot: Slot, job: ScanJob): Promise<ScanJobReply> {
    const worker = (slot.worker ??= this.start(slot));
    return new Promise((resolve) => {
      const finish = (reply: ScanJobReply) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        resolve(reply);
      };
      const onMessage = (reply: ScanJobReply) => {
        if (reply.id === job.id) finish(reply);
      };
      const onExit = () =>
        finish({ id: job.id, ok: false, error: "the scan worker stopped (out of memory?)" });
      const timer = setTimeout(() => {
        slot.worker = undefined;
        void worker.terminate();
        finish({ id: job.id, ok: false, error: `the scan took longer than ${this.timeoutMs / 1000} s` });
      }, this.timeoutMs);
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      worker.postMessage(job);
    });
  }

  private start(slot: Slot): Worker {
    const start = workerStart();
    const worker = new Worker(start.eval ? start.code : start.file, {
      eval: start.eval,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    worker.once("exit", () => {
      if (slot.worker === worker) slot.worker = undefined;
    });
    worker.on("error", () => undefined);
    return worker;
  }
}
