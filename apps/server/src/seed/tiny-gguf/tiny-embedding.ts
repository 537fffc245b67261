import { buildLlamaGguf, type TinyLlamaSpec } from "./tiny-llama.js";

/** llama.cpp's mean pooling: the embedding is the average of the last layer's token states. */
const POOLING_MEAN = 1;

/** Shape of the demo embedding model: the tiny llama's, with its own weights and mean pooling. */
export const TINY_EMBEDDING: TinyLlamaSpec = {
  name: "tiny-llama-embed",
  contextLength: 512,
  embedding: 64,
  blocks: 2,
  heads: 4,
  kvHeads: 4,
  feedForward: 128,
  rmsEpsilon: 1e-5,
  seed: 20_261_127,
};

/**
 * A llama-architecture GGUF with random weights that llama.cpp loads as an embedding model
 * (`llama.pooling_type` = mean): 64-dimensional vectors, meaningless but deterministic. The same bytes
 * on every call.
 */
export function buildTinyEmbeddingGguf(): Uint8Array {
  return buildLlamaGguf(TINY_EMBEDDING, { poolingType: POOLING_MEAN });
}
