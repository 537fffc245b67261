/**
 * Runs at most `size` tasks at once; the rest wait in arrival order. A task asked for again under a
 * key that is still running or waiting shares that run instead of starting a second one.
 */
export class BoundedPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly size: number) {}

  /** Tasks running plus waiting (a queue depth for metrics). */
  get depth(): number {
    return this.running + this.waiting.length;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const started = this.slot().then(async (release) => {
      try {
        return await task();
      } finally {
        release();
      }
    });
    const tracked = started.finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, tracked);
    return tracked;
  }

  private async slot(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    return () => {
      this.running--;
      this.waiting.shift()?.();
    };
  }
}
