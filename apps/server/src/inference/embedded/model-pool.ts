import type { ChatWrapper, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { LlamaBinding } from "./llama-binding.js";

/** A GGUF file on this machine, named by its content hash. */
export interface ModelFile {
  sha256: string;
  size: number;
  localPath: string;
}

export interface PoolLimits {
  maxLoadedModels: number;
  /** Bound on the sum of the loaded files' sizes; none when absent. */
  maxMemoryBytes?: number;
  /** Sequences per context: as many as generations may run at once. */
  sequences: number;
  contextSize?: number;
  threads?: number;
}

/** A model with a context ready for generation; `release` gives the sequence back. */
export interface ModelLease {
  model: LlamaModel;
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  release(): void;
}

/** A model file larger than the pool may hold at all. */
export class ModelTooLargeError extends Error {}

/** Contexts are sized to the model, but never beyond this unless configured (memory grows with it). */
const DEFAULT_MAX_CONTEXT = 4096;

interface Entry {
  file: ModelFile;
  ready: Promise<{ model: LlamaModel; context: LlamaContext; chatWrapper: ChatWrapper }>;
  free: LlamaContextSequence[];
  users: number;
  lastUsed: number;
}

/**
 * The loaded models, least recently used first out: at most `maxLoadedModels`, and their file sizes
 * summing to at most `maxMemoryBytes`. A model in use is never unloaded; when only models in use stand
 * in the way, the new one loads anyway and the bound is restored as soon as they are released.
 */
export class ModelPool {
  private readonly entries = new Map<string, Entry>();
  private clock = 0;

  constructor(
    private readonly binding: LlamaBinding,
    private readonly limits: PoolLimits,
  ) {}

  get loaded(): number {
    return this.entries.size;
  }

  async lease(file: ModelFile): Promise<ModelLease> {
    if (this.limits.maxMemoryBytes !== undefined && file.size > this.limits.maxMemoryBytes)
      throw new ModelTooLargeError(
        `its GGUF file (${Math.ceil(file.size / 1048576)} MB) is larger than maxMemoryMB (${Math.floor(this.limits.maxMemoryBytes / 1048576)} MB)`,
      );
    let entry = this.entries.get(file.sha256);
    if (!entry) {
      this.evict(file.size);
      entry = { file, ready: this.load(file), free: [], users: 0, lastUsed: 0 };
      this.entries.set(file.sha256, entry);
    }
    entry.users++;
    entry.lastUsed = ++this.clock;
    let loaded: Awaited<Entry["ready"]>;
    try {
      loaded = await entry.ready;
    } catch (err) {
      entry.users--;
      if (this.entries.get(file.sha256) === entry) this.entries.delete(file.sha256);
      throw err;
    }
    const sequence = entry.free.pop() ?? loaded.context.getSequence();
    const current = entry;
    let released = false;
    return {
      model: loaded.model,
      sequence,
      chatWrapper: loaded.chatWrapper,
      release: () => {
        if (released) return;
        released = true;
        current.free.push(sequence);
        current.users--;
        this.evict(0);
      },
    };
  }

  /** Unloads everything (hub shutdown). */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => this.unload(entry)));
  }

  private async load(file: ModelFile): Promise<Awaited<Entry["ready"]>> {
    const { lib, llama } = this.binding;
    const model = await llama.loadModel({ modelPath: file.localPath });
    try {
      const context = await model.createContext({
        contextSize: this.limits.contextSize ?? Math.min(model.trainContextSize, DEFAULT_MAX_CONTEXT),
        sequences: this.limits.sequences,
        threads: this.limits.threads ?? Math.max(1, Math.floor(llama.cpuMathCores / 2)),
      });
      return { model, context, chatWrapper: lib.resolveChatWrapper(model) };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }

  /** Unloads idle models, least recently used first, until `incoming` more bytes and one more model fit. */
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
      void this.unload(entry);
    }
  }

  private async unload(entry: Entry): Promise<void> {
    try {
      const { model } = await entry.ready;
      await model.dispose();
    } catch {
      // a model that failed to load has nothing to free
    }
  }
}
