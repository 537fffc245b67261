import type { AggregationStrategy } from "./token-aggregation.js";

/** The tasks the ONNX backend runs, by their Hub pipeline tag. */
export const ONNX_TASKS = [
  "text-classification",
  "token-classification",
  "fill-mask",
  "feature-extraction",
  "sentence-similarity",
  "zero-shot-classification",
  "question-answering",
  "image-classification",
] as const;
export type OnnxTask = (typeof ONNX_TASKS)[number];

export function isOnnxTask(task: string): task is OnnxTask {
  return (ONNX_TASKS as readonly string[]).includes(task);
}

/** One call a worker runs, its inputs already checked by the route. */
export type TaskJob =
  | { task: "text-classification"; texts: string[]; topK?: number }
  | {
      task: "token-classification";
      text: string;
      ignoreLabels: string[];
      aggregation: AggregationStrategy;
    }
  | { task: "fill-mask"; text: string; topK: number }
  | { task: "feature-extraction"; texts: string[]; normalize: boolean; single: boolean }
  | { task: "sentence-similarity"; source: string; sentences: string[] }
  | {
      task: "zero-shot-classification";
      text: string;
      labels: string[];
      multiLabel: boolean;
      hypothesisTemplate?: string;
    }
  | {
      task: "question-answering";
      question: string;
      context: string;
      topK: number;
      maxAnswerLen: number;
      handleImpossibleAnswer: boolean;
      alignToWords: boolean;
      /** Window length and overlap in tokens; the pipeline's defaults when undefined. */
      maxSeqLen?: number;
      docStride?: number;
    }
  | { task: "image-classification"; image: Uint8Array; topK: number };

/**
 * A call of a task family (families/: text generation, encoder-decoder text, speech, vision…): the
 * family that parsed the request also runs it in the worker, so its `input` is the family's own
 * shape. A media input (audio, an image) travels as a file in the worker's model root, not over IPC.
 */
export interface FamilyJob {
  family: string;
  task: string;
  input: unknown;
  /** Path of the uploaded media, relative to the model root; the parent deletes it after the call. */
  mediaFile?: string;
  /** The worker sends `chunk` replies as the answer is made (generated text, as it comes). */
  stream?: boolean;
}

export type WorkerJob = TaskJob | FamilyJob;

export function isFamilyJob(job: WorkerJob): job is FamilyJob {
  return "family" in job;
}

/** What a call returns: the answer and the prompt tokens it counts (completion tokens for generation). */
export interface JobResult {
  output: unknown;
  promptTokens: number;
  completionTokens?: number;
}

/** Parent → worker. `modelDir` is relative to the worker's model root. */
export type WorkerRequest = { id: number; modelDir: string; job: WorkerJob } | { cancel: number };

/** Worker → parent; `chunk` replies come before the final one of a streamed call. */
export type WorkerReply =
  | { id: number; ok: true; output: unknown; promptTokens: number; completionTokens?: number }
  | { id: number; ok: false; error: string; badInput: boolean }
  | { id: number; chunk: unknown };
