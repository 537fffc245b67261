import type { FamilyJob, JobResult } from "../worker-protocol.js";

/**
 * The worker-side half of a task family: it runs the jobs its request half (`family.ts`) made.
 * Runner modules import transformers.js; the hub's main thread never loads them.
 */

/** A transformers.js pipeline as a runner sees it (call it; its tokenizer, model and processor). */
export type WorkerPipe = ((...args: unknown[]) => Promise<unknown>) & {
  tokenizer?: unknown;
  model?: unknown;
  processor?: unknown;
};

export interface WorkerContext {
  /** The model's pipeline for a transformers.js task, loaded once and kept (LRU) by the worker. */
  pipeline(task: string): Promise<WorkerPipe>;
  /** Absolute path of the model folder. */
  modelPath: string;
  /** Absolute path of the uploaded media file, when the job has one. */
  mediaPath?: string;
  /** Sends one chunk of a streamed answer to the hub. */
  emit(chunk: unknown): void;
  /** Aborted when the caller leaves: stop as soon as possible (generation ends at its next token). */
  signal: AbortSignal;
}

export interface FamilyRunner {
  family: string;
  run(job: FamilyJob, context: WorkerContext): Promise<JobResult>;
}

/** The caller's input is at fault: answered 400 with this message. */
export class BadInputError extends Error {}
