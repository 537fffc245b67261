/** Too many generations waiting: the caller should come back later. */
export class QueueFullError extends Error {}

/** The wait was given up (caller left, timeout). */
export class SlotWaitAborted extends Error {}

interface Waiter {
  grant: (release: () => void) => void;
  reject: (err: Error) => void;
}

/**
 * At most `concurrency` generations at a time; up to `maxQueue` more wait in order, the rest are
 * refused at once. A waiter whose signal aborts leaves the queue.
 */
export class GenerationSlots {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a `release` function (call it exactly once) when a slot is free. */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new SlotWaitAborted());
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new QueueFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          signal.removeEventListener("abort", onAbort);
          resolve(release);
        },
        reject,
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new SlotWaitAborted());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next.grant(this.releaser());
      else this.running--;
    };
  }
}
