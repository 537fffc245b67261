import type { LlamaEmbeddingContext, LlamaModel } from "node-llama-cpp";
import type { LlamaBinding } from "./llama-binding.js";
import { DEFAULT_EMBEDDING_CONTEXT } from "./prompt-bounds.js";
import { LruModelPool, llamaThreads, type ModelFile, type PoolBounds } from "./lru-model-pool.js";

export interface EmbeddingPoolLimits extends PoolBounds {
  contextSize?: number;
  threads?: number;
}

interface EmbeddingModel {
  model: LlamaModel;
  context: LlamaEmbeddingContext;
  /** Inputs must be shorter than this many tokens (special tokens included). */
  contextSize: number;
}

/** A loaded embedding model; `release` lets the pool unload it again. */
export interface EmbeddingLease extends EmbeddingModel {
  release(): void;
}

/**
 * Models loaded for embeddings (llama.cpp's embedding context), least recently used first out, with
 * the bounds of the generation pool: a model in use is never unloaded.
 */
export class EmbeddingPool {
  private readonly pool: LruModelPool<EmbeddingModel>;

  constructor(
    private readonly binding: LlamaBinding,
    private readonly limits: EmbeddingPoolLimits,
  ) {
    this.pool = new LruModelPool(limits, (file) => this.load(file));
  }

  async lease(file: ModelFile): Promise<EmbeddingLease> {
    const held = await this.pool.hold(file);
    return { ...held.loaded, release: held.release };
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async load(file: ModelFile): Promise<EmbeddingModel> {
    const { llama } = this.binding;
    const model = await llama.loadModel({ modelPath: file.localPath });
    try {
      const contextSize =
        this.limits.contextSize ?? Math.min(model.trainContextSize, DEFAULT_EMBEDDING_CONTEXT);
      const context = await model.createEmbeddingContext({
        contextSize,
        threads: llamaThreads(this.limits.threads, llama),
      });
      return { model, context, contextSize };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }
}
