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

/** Parent → worker. `modelDir` is relative to the worker's model root. */
export interface WorkerRequest {
  id: number;
  modelDir: string;
  job: TaskJob;
}

/** Worker → parent. */
export type WorkerReply =
  | { id: number; ok: true; output: unknown; promptTokens: number }
  | { id: number; ok: false; error: string; badInput: boolean };
