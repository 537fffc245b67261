import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { JobResult, WorkerJob, WorkerReply, WorkerRequest } from "./worker-protocol.js";

/** Extras of one call: chunks of a streamed answer, and the caller leaving (the worker stops the call). */
export interface CallOptions {
  onChunk?: (chunk: unknown) => void;
  signal?: AbortSignal;
}

/** How a worker process is started and bounded. */
export interface WorkerLimits {
  /** Where the model folders are. */
  modelRoot: string;
  /** Pipelines a worker keeps loaded (LRU). */
  maxLoadedModels: number;
  /** Resident memory a worker may use: V8's heap is capped at it, a watchdog kills the process past it. */
  memoryBytes: number;
  /** One call's time limit (without progress). */
  timeoutMs: number;
  /** onnxruntime's intra-op threads in each worker. */
  threads: number;
}

/** Why a call failed in the worker: `bad-input` is the caller's fault, the others the backend's. */
export class WorkerCallError extends Error {
  constructor(
    message: string,
    readonly kind: "bad-input" | "failed" | "crashed" | "timeout",
  ) {
    super(message);
  }
}

const WATCHDOG_MS = 200;
/** Linux page size on the platforms the hub runs on (x86-64, arm64 with 4 KiB pages). */
const PAGE_BYTES = 4096;

/** The worker entry next to this file: compiled JS, or the TS source under tsx (tests). */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return { file: here.replace(/worker-process\.ts$/, "onnx-worker.ts"), execArgv: ["--import", "tsx"] };
  return { file: here.replace(/worker-process\.js$/, "onnx-worker.js"), execArgv: [] };
}

/** Resident memory of a process from /proc (a few bytes from the kernel: read in place, no thread pool). */
function residentBytes(pid: number): number {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? pages * PAGE_BYTES : 0;
  } catch {
    return 0;
  }
}

/**
 * One worker child process running one call at a time. Started on the first call; killed on a
 * timeout or when its memory passes the limit, and started afresh for the next call.
 */
export class WorkerProcess {
  private child: ChildProcess | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;
  private pending:
    | {
        id: number;
        resolve: (r: JobResult) => void;
        reject: (e: Error) => void;
        onChunk?: (chunk: unknown) => void;
      }
    | undefined;
  /** Model folders this worker has loaded (the pool prefers a worker that already has one). */
  readonly warm = new Set<string>();
  restarts = 0;

  constructor(private readonly limits: WorkerLimits) {}

  get busy(): boolean {
    return this.pending !== undefined;
  }

  run(modelDir: string, job: WorkerJob, options: CallOptions = {}): Promise<JobResult> {
    if (this.pending) return Promise.reject(new Error("worker is busy"));
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The time limit counts from the last sign of progress: a streamed token or a decoded audio window
      // re-arms it, so long transcriptions and generations run while they move.
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          this.kill(
            new WorkerCallError(
              `The model took longer than ${this.limits.timeoutMs} ms without progress`,
              "timeout",
            ),
          );
        }, this.limits.timeoutMs);
      };
      arm();
      // A caller that leaves stops the call in the worker (generation ends at its next token).
      const cancel = () => {
        if (this.pending?.id === id) this.send({ cancel: id });
      };
      options.signal?.addEventListener("abort", cancel, { once: true });
      const settle = () => {
        clearTimeout(timer);
        this.stopWatchdog();
        options.signal?.removeEventListener("abort", cancel);
      };
      // Memory grows only while a call runs (loading a model, running it): watched then, not when idle.
      this.startWatchdog(child);
      this.pending = {
        id,
        onChunk: (chunk) => {
          arm();
          options.onChunk?.(chunk);
        },
        resolve: (value) => {
          settle();
          this.warm.add(modelDir);
          resolve(value);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
      };
      const wire =
        "image" in job && job.task === "image-classification"
          ? { ...job, image: Buffer.from(job.image).toString("base64") }
          : job;
      child.send({ id, modelDir, job: wire } as unknown as WorkerRequest);
      if (options.signal?.aborted) cancel();
    });
  }

  private send(message: WorkerRequest): void {
    this.child?.send(message);
  }

  /** Stops the process (pending call failed as crashed). */
  stop(): void {
    this.kill(new WorkerCallError("The ONNX backend is shutting down", "crashed"));
  }

  private start(): ChildProcess {
    const entry = workerEntry();
    const heapMB = Math.max(64, Math.floor(this.limits.memoryBytes / (1024 * 1024)));
    const child = fork(
      entry.file,
      [
        this.limits.modelRoot,
        String(this.limits.maxLoadedModels),
        String(Math.floor(this.limits.memoryBytes * 0.75)),
        String(this.limits.threads),
      ],
      {
        execArgv: [...entry.execArgv, `--max-old-space-size=${heapMB}`],
        stdio: ["ignore", "ignore", "pipe", "ipc"],
        // V8's serializer: a batch of long texts crosses as a copy, not as JSON the event loop writes
        serialization: "advanced",
      },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2000);
    });
    child.on("message", (raw: unknown) => this.answer(raw as WorkerReply));
    child.on("exit", (code, signal) => {
      if (this.child !== child) return;
      this.clear();
      const last = stderr.trim().split("\n").at(-1) ?? "";
      this.fail(
        new WorkerCallError(
          `The ONNX worker stopped (${signal ?? `exit code ${code}`})${last ? `: ${last.slice(0, 300)}` : ""}`,
          "crashed",
        ),
      );
    });
    child.on("error", () => undefined);
    this.child = child;
    return child;
  }

  private startWatchdog(child: ChildProcess): void {
    this.stopWatchdog();
    this.watchdog = setInterval(() => {
      if (!child.pid || this.child !== child) return;
      if (residentBytes(child.pid) > this.limits.memoryBytes)
        this.kill(
          new WorkerCallError(
            `The ONNX worker used more than ${Math.round(this.limits.memoryBytes / 1048576)} MB and was stopped`,
            "crashed",
          ),
        );
    }, WATCHDOG_MS);
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  private answer(reply: WorkerReply): void {
    const pending = this.pending;
    if (!pending || pending.id !== reply.id) return;
    if ("chunk" in reply) return pending.onChunk?.(reply.chunk);
    this.pending = undefined;
    if (reply.ok)
      pending.resolve({
        output: reply.output,
        promptTokens: reply.promptTokens,
        completionTokens: reply.completionTokens,
      });
    else pending.reject(new WorkerCallError(reply.error, reply.badInput ? "bad-input" : "failed"));
  }

  private fail(err: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(err);
  }

  private clear(): void {
    this.stopWatchdog();
    this.child = undefined;
    this.warm.clear();
  }

  private kill(err: Error): void {
    const child = this.child;
    if (!child) return this.fail(err);
    this.clear();
    this.restarts++;
    child.kill("SIGKILL");
    this.fail(err);
  }
}
