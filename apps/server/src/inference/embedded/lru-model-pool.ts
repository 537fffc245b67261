import type { Llama } from "node-llama-cpp";

/** A GGUF file on this machine, named by its content hash. */
export interface ModelFile {
  sha256: string;
  size: number;
  localPath: string;
}

/** A model file larger than the pool may hold at all. */
export class ModelTooLargeError extends Error {}

export interface PoolBounds {
  maxLoadedModels: number;
  /** Bound on the sum of the loaded files' sizes; none when absent. */
  maxMemoryBytes?: number;
}

/** What a pool holds for one file: the model, and whatever was made from it (contexts). */
export interface LoadedModel {
  model: { dispose(): Promise<void> };
}

/** A loaded model held for a caller; `release` (idempotent) lets the pool unload it again. */
export interface HeldModel<T> {
  loaded: T;
  release(): void;
}

interface Entry<T> {
  file: ModelFile;
  ready: Promise<T>;
  users: number;
  lastUsed: number;
}

/** Half the cores llama.cpp computes on, unless configured: the hub serves other requests too. */
export function llamaThreads(configured: number | undefined, llama: Llama): number {
  return configured ?? Math.max(1, Math.floor(llama.cpuMathCores / 2));
}

/**
 * Loaded models, least recently used first out: at most `maxLoadedModels`, and their file sizes
 * summing to at most `maxMemoryBytes`. A model in use is never unloaded; when only models in use stand
 * in the way, the new one loads anyway and the bound is restored as soon as they are released.
 */
export class LruModelPool<T extends LoadedModel> {
  private readonly entries = new Map<string, Entry<T>>();
  private clock = 0;

  constructor(
    private readonly bounds: PoolBounds,
    private readonly load: (file: ModelFile) => Promise<T>,
  ) {}

  get loaded(): number {
    return this.entries.size;
  }

  async hold(file: ModelFile): Promise<HeldModel<T>> {
    const { maxMemoryBytes } = this.bounds;
    if (maxMemoryBytes !== undefined && file.size > maxMemoryBytes)
      throw new ModelTooLargeError(
        `its GGUF file (${Math.ceil(file.size / 1048576)} MB) is larger than maxMemoryMB (${Math.floor(maxMemoryBytes / 1048576)} MB)`,
      );
    let entry = this.entries.get(file.sha256);
    if (!entry) {
      this.evict(file.size);
      entry = { file, ready: this.load(file), users: 0, lastUsed: 0 };
      this.entries.set(file.sha256, entry);
    }
    entry.users++;
    entry.lastUsed = ++this.clock;
    let loaded: T;
    try {
      loaded = await entry.ready;
    } catch (err) {
      entry.users--;
      if (this.entries.get(file.sha256) === entry) this.entries.delete(file.sha256);
      throw err;
    }
    const current = entry;
    let released = false;
    return {
      loaded,
      release: () => {
        if (released) return;
        released = true;
        current.users--;
        this.evict(0);
      },
    };
  }

  /** Unloads everything (hub shutdown). */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => unload(entry)));
  }

  /** Unloads idle models, least recently used first, until `incoming` more bytes and one more model fit. */
  private evict(incoming: number): void {
    const { maxLoadedModels, maxMemoryBytes } = this.bounds;
    const over = () => {
      const count = this.entries.size + (incoming > 0 ? 1 : 0);
      const bytes = [...this.entries.values()].reduce((sum, e) => sum + e.file.size, incoming);
      return count > maxLoadedModels || (maxMemoryBytes !== undefined && bytes > maxMemoryBytes);
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

async function unload(entry: Entry<LoadedModel>): Promise<void> {
  try {
    const { model } = await entry.ready;
    await model.dispose();
  } catch {
    // a model that failed to load has nothing to free
  }
}
