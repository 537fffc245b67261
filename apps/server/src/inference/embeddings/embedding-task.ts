import type { TaskJob } from "../onnx/worker-protocol.js";
import type { EmbeddingBackend } from "./embedding-backend.js";

type EmbeddingJob = TaskJob & { task: "feature-extraction" | "sentence-similarity" };

/** The name usage rows give a backend: its own `name` when it has one. */
export function embeddingBackendName(backend: EmbeddingBackend): string {
  const name = (backend as { name?: unknown }).name;
  return typeof name === "string" && name !== "" ? name : "embeddings";
}

/** The first backend that embeds with the model, if any. */
export async function embedderFor(
  backends: readonly EmbeddingBackend[],
  repoId: string,
): Promise<EmbeddingBackend | undefined> {
  for (const backend of backends) if (await backend.canEmbed(repoId)) return backend;
  return undefined;
}

/** Cosine of two vectors of length 1. */
function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/**
 * The feature-extraction and sentence-similarity tasks answered by an embedding backend (the GGUF
 * embedders of llama.cpp), in the shapes the ONNX backend gives: vectors (always of length 1: these
 * backends normalise), or the similarity of each sentence to the source sentence.
 */
export async function runEmbeddingTask(
  backend: EmbeddingBackend,
  repoId: string,
  job: EmbeddingJob,
  signal: AbortSignal,
): Promise<{ output: unknown; promptTokens: number }> {
  if (job.task === "feature-extraction") {
    const { vectors, promptTokens } = await backend.embed(repoId, job.texts, signal);
    return { output: vectors, promptTokens };
  }
  const { vectors, promptTokens } = await backend.embed(repoId, [job.source, ...job.sentences], signal);
  return { output: vectors.slice(1).map((vector) => dot(vectors[0], vector)), promptTokens };
}
