import type { LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { LlamaBinding } from "./llama-binding.js";
import { DEFAULT_GENERATION_CONTEXT } from "./prompt-bounds.js";
import { LruModelPool, llamaThreads, type ModelFile, type PoolBounds } from "./lru-model-pool.js";

export interface PoolLimits extends PoolBounds {
  /** Sequences per context: as many as generations may run at once. */
  sequences: number;
  contextSize?: number;
  threads?: number;
}

/** A model with a context ready for generation; `release` gives the sequence back. */
export interface ModelLease {
  model: LlamaModel;
  sequence: LlamaContextSequence;
  release(): void;
}

interface GenerationModel {
  model: LlamaModel;
  context: LlamaContext;
  /** Sequences given back by earlier leases, reused before the context hands out a new one. */
  free: LlamaContextSequence[];
}

/** The models loaded for generation, each with a context of `sequences` sequences (LRU, memory bound). */
export class ModelPool {
  private readonly pool: LruModelPool<GenerationModel>;

  constructor(
    private readonly binding: LlamaBinding,
    private readonly limits: PoolLimits,
  ) {
    this.pool = new LruModelPool(limits, (file) => this.load(file));
  }

  get loaded(): number {
    return this.pool.loaded;
  }

  async lease(file: ModelFile): Promise<ModelLease> {
    const held = await this.pool.hold(file);
    const { model, context, free } = held.loaded;
    const sequence = free.pop() ?? context.getSequence();
    let released = false;
    return {
      model,
      sequence,
      release: () => {
        if (released) return;
        released = true;
        free.push(sequence);
        held.release();
      },
    };
  }

  /** Unloads everything (hub shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }

  private async load(file: ModelFile): Promise<GenerationModel> {
    const { llama } = this.binding;
    const model = await llama.loadModel({ modelPath: file.localPath });
    try {
      const context = await model.createContext({
        contextSize: this.limits.contextSize ?? Math.min(model.trainContextSize, DEFAULT_GENERATION_CONTEXT),
        sequences: this.limits.sequences,
        threads: llamaThreads(this.limits.threads, llama),
      });
      // the chat template is applied on the tokenizer thread (prompt-tokenizer.ts), not here
      return { model, context, free: [] };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }
}
