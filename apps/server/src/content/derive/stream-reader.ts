import type { Readable } from "node:stream";

/** Sequential little-endian reads over a stream, with a hard cap on how many bytes may be consumed. */
export class StreamReader {
  private buffer: Buffer = Buffer.alloc(0);
  private consumed = 0;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(
    stream: Readable,
    private readonly maxBytes: number,
  ) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(n: number): Promise<void> {
    if (this.consumed + n > this.maxBytes) throw new Error(`header larger than ${this.maxBytes} bytes`);
    const parts: Buffer[] = [this.buffer];
    let available = this.buffer.length;
    while (available < n) {
      const next = await this.chunks.next();
      if (next.done) throw new Error("unexpected end of file");
      parts.push(next.value);
      available += next.value.length;
    }
    this.buffer = parts.length === 1 ? this.buffer : Buffer.concat(parts);
  }

  async take(n: number): Promise<Buffer> {
    await this.fill(n);
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    this.consumed += n;
    return out;
  }

  async u32(): Promise<number> {
    return (await this.take(4)).readUInt32LE(0);
  }

  async u64(): Promise<bigint> {
    return (await this.take(8)).readBigUInt64LE(0);
  }

  async close(): Promise<void> {
    await this.chunks.return?.();
  }
}
