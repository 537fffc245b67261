/**
 * A small least-recently-used cache with an age limit. `generation()` / `setIfCurrent` let an async
 * reader skip storing a value when anything was invalidated while it was reading, so a write that
 * lands during a read can never be overwritten by the older value.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAt: number }>();
  private invalidations = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxAgeMs: number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt > this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  generation(): number {
    return this.invalidations;
  }

  setIfCurrent(key: K, value: V, generation: number): void {
    if (generation !== this.invalidations) return;
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.invalidations++;
    this.entries.delete(key);
  }

  deleteWhere(matches: (value: V, key: K) => boolean): void {
    this.invalidations++;
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  /** Replaces matching values in place (same age); reads under way are not stored, as after a delete. */
  updateWhere(update: (value: V, key: K) => V | undefined): void {
    this.invalidations++;
    for (const [key, entry] of this.entries) {
      const next = update(entry.value, key);
      if (next !== undefined) entry.value = next;
    }
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
  }
}
