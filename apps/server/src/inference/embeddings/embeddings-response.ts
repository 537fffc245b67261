import type { EncodingFormat } from "./embeddings-request.js";

/** One vector as OpenAI sends it: numbers, or the base64 of little-endian float32s. */
export type EncodedVector = number[] | string;

export interface EmbeddingsAnswer {
  object: "list";
  data: { object: "embedding"; index: number; embedding: EncodedVector }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

export function embeddingsAnswer(
  model: string,
  vectors: readonly number[][],
  promptTokens: number,
  encoding: EncodingFormat,
): EmbeddingsAnswer {
  return {
    object: "list",
    data: vectors.map((vector, index) => ({
      object: "embedding",
      index,
      embedding: encoding === "base64" ? base64Float32(vector) : vector,
    })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}

function base64Float32(vector: readonly number[]): string {
  const floats = Float32Array.from(vector);
  // Float32Array is in the machine's byte order; every platform Node runs on here is little-endian.
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString("base64");
}

/** The vector scaled to length 1 (as OpenAI's are), so a dot product is the cosine similarity. */
export function normalized(vector: readonly number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length > 0 ? vector.map((value) => value / length) : [...vector];
}
