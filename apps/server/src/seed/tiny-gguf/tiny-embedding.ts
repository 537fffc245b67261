import { buildLlamaGguf, TINY_SHAPE, type TinyLlamaSpec } from "./tiny-llama.js";

/** llama.cpp's mean pooling: the embedding is the average of the last layer's token states. */
const POOLING_MEAN = 1;

/** The demo embedding model: the tiny llama's shape, with its own weights and mean pooling. */
export const TINY_EMBEDDING: TinyLlamaSpec = { ...TINY_SHAPE, name: "tiny-llama-embed", seed: 20_261_127 };

/**
 * A llama-architecture GGUF with random weights that llama.cpp loads as an embedding model
 * (`llama.pooling_type` = mean): 64-dimensional vectors, meaningless but deterministic. The same bytes
 * on every call.
 */
export function buildTinyEmbeddingGguf(): Uint8Array {
  return buildLlamaGguf(TINY_EMBEDDING, { poolingType: POOLING_MEAN });
}
