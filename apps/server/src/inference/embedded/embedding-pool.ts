import type { LlamaEmbeddingContext, LlamaModel } from "node-llama-cpp";
import type { LlamaBinding } from "./llama-binding.js";
import { ModelTooLargeError, type ModelFile } from "./model-pool.js";

export interface EmbeddingPoolLimits {
  maxLoadedModels: number;
  maxMemoryBytes?: number;
  contextSize?: number;
  threads?: number;
}

/** A loaded embedding model; `release` lets the pool unload it again. */
export interface EmbeddingLease {
  model: LlamaModel;
  context: LlamaEmbeddingContext;
  /** Inputs must be shorter than this many tokens (special tokens included). */
  contextSize: number;
  release(): void;
}

interface Entry {
  file: ModelFile;
  ready: Promise<{ model: LlamaModel; context: LlamaEmbeddingContext; contextSize: number }>;
  users: number;
  lastUsed: number;
}

/** Embedding contexts are small: inputs longer than this many tokens are refused unless configured. */
const DEFAULT_MAX_CONTEXT = 2048;

/**
 * Models loaded for embeddings (llama.cpp's embedding context), least recently used first out, with
 * the bounds of the generation pool: a model in use is never unloaded.
 */
export class EmbeddingPool {
  private readonly entries = new Map<string, Entry>();
  private clock = 0;

  constructor(
    private readonly binding: LlamaBinding,
    private readonly limits: EmbeddingPoolLimits,
  ) {}

  async lease(file: ModelFile): Promise<EmbeddingLease> {
    if (this.limits.maxMemoryBytes !== undefined && file.size > this.limits.maxMemoryBytes)
      throw new ModelTooLargeError(
        `its GGUF file (${Math.ceil(file.size / 1048576)} MB) is larger than maxMemoryMB (${Math.floor(this.limits.maxMemoryBytes / 1048576)} MB)`,
      );
    let entry = this.entries.get(file.sha256);
    if (!entry) {
      this.evict(file.size);
      entry = { file, ready: this.load(file), users: 0, lastUsed: 0 };
      this.entries.set(file.sha256, entry);
    }
    entry.users++;
    entry.lastUsed = ++this.clock;
    const current = entry;
    try {
      const loaded = await entry.ready;
      let released = false;
      return {
        ...loaded,
        release: () => {
          if (released) return;
          released = true;
          current.users--;
          this.evict(0);
        },
      };
    } catch (err) {
      entry.users--;
      if (this.entries.get(file.sha256) === entry) this.entries.delete(file.sha256);
      throw err;
    }
  }

  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => unload(entry)));
  }

  private async load(file: ModelFile): Promise<Awaited<Entry["ready"]>> {
    const { llama } = this.binding;
    const model = await llama.loadModel({ modelPath: file.localPath });
    try {
      const contextSize = this.limits.contextSize ?? Math.min(model.trainContextSize, DEFAULT_MAX_CONTEXT);
      const context = await model.createEmbeddingContext({
        contextSize,
        threads: this.limits.threads ?? Math.max(1, Math.floor(llama.cpuMathCores / 2)),
      });
      return { model, context, contextSize };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }

  private evict(incoming: number): void {
    const over = () => {
      const count = this.entries.size + (incoming > 0 ? 1 : 0);
      const bytes = [...this.entries.values()].reduce((sum, e) => sum + e.file.size, incoming);
      return (
        count > this.limits.maxLoadedModels ||
        (this.limits.maxMemoryBytes !== undefined && bytes > this.limits.maxMemoryBytes)
      );
    };
    const idle = [...this.entries.values()]
      .filter((e) => e.users === 0)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    for (const entry of idle) {
      if (!over()) break;
      this.entries.delete(entry.file.sha256);
      void unload(entry);
    }
  }
}

async function unload(entry: Entry): Promise<void> {
  try {
    const { model } = await entry.ready;
    await model.dispose();
  } catch {
    // a model that failed to load has nothing to free
  }
}
