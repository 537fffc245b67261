import type { TaskBody } from "../task-requests.js";
import type { FamilyJob, JobResult } from "../worker-protocol.js";

/**
 * The request half of a task family (text generation, encoder-decoder text, speech, vision, …): which
 * tasks it answers, which files a model needs, how an HTTP body becomes a worker job, and how the
 * worker's output becomes the answer. Its worker half (`FamilyRunner`, worker-api.ts) runs the job.
 * Families are joined in `registry.ts` (main thread) and `runners.ts` (worker); a new family is one
 * folder under `families/` and one line in each of those two files.
 */
export interface TaskFamily {
  /** Its name, the `family` of its jobs (and of its runner). */
  name: string;
  /** The Hub pipeline tags it answers. */
  tasks: readonly string[];
  /** The files of a repo (paths) to copy for the worker, or why the repo cannot be served. */
  layout(task: string, paths: readonly string[]): string[] | string;
  /** The worker job for a request, or a 400 (HttpError) naming what is wrong. */
  job(task: string, body: TaskBody, request: TaskCallInfo): FamilyJob & { media?: Uint8Array };
  /** The HTTP answer of a finished job. */
  answer(job: FamilyJob, result: JobResult, request: TaskCallInfo): TaskAnswer;
  /**
   * Streamed answers (`"stream": true`): the events to send for one chunk, and the last ones once the
   * job is done. Families without streaming leave these out.
   */
  streamChunk?(job: FamilyJob, chunk: unknown): string[];
  streamEnd?(job: FamilyJob, result: JobResult): string[];
}

/** What the route knows of the call beyond the body. */
export interface TaskCallInfo {
  userAgent?: string;
  /** The `Accept` header (binary answers pick their format from it). */
  accept?: string;
  /** The admin's bounds (MODELHUB_ONNX_*). */
  limits: { maxAudioSeconds: number; maxImagePixels: number };
}

/** A task answer: JSON, or bytes with their content type (audio, images). */
export type TaskAnswer = { json: unknown } | { bytes: Uint8Array; contentType: string };
