/** A backend that turns texts into vectors for POST /v1/embeddings and the feature-extraction task. */
export interface EmbeddingBackend {
  /** True when this backend can embed with the given hub repo (at its default revision). */
  canEmbed(repoId: string): Promise<boolean>;
  embed(
    repoId: string,
    inputs: string[],
    signal: AbortSignal,
  ): Promise<{ vectors: number[][]; promptTokens: number }>;
}
