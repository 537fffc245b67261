/** LRU of buffers bounded by their total size. */
export class ByteLru {
  private readonly map = new Map<string, Buffer>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const previous = this.map.get(key);
    if (previous) this.total -= previous.length;
    this.map.delete(key);
    this.map.set(key, value);
    this.total += value.length;
    for (const [oldest, buffer] of this.map) {
      if (this.total <= this.maxBytes) break;
      this.map.delete(oldest);
      this.total -= buffer.length;
    }
  }
}
