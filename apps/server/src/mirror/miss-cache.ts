/**
 * Ids the upstream did not show (missing, private, disabled), remembered for a short while so that
 * repeated look-ups of them, by anyone and anonymously too, are answered here instead of upstream.
 * Bounded: past `capacity` entries the oldest goes first. Per process (each replica keeps its own).
 */
export class MissCache {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    const expiry = this.until.get(key);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.until.delete(key);
    return false;
  }

  add(key: string): void {
    if (this.ttlMs <= 0) return;
    this.until.delete(key);
    this.until.set(key, this.now() + this.ttlMs);
    while (this.until.size > this.capacity) {
      const oldest = this.until.keys().next().value;
      if (oldest === undefined) break;
      this.until.delete(oldest);
    }
  }

  forget(key: string): void {
    this.until.delete(key);
  }

  get size(): number {
    return this.until.size;
  }
}
