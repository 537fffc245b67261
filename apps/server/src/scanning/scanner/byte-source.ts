import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/**
 * Random access to the bytes under scan. The scanner reads only what it needs (a header, a zip's
 * central directory, the pickle parts of an archive), so a 10 GB file costs what its headers cost.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position`; fewer only where the source ends. */
  read(position: number, length: number): Buffer;
}

/** The data ended before a structure did. */
export class TruncatedError extends Error {}

/** The bytes do not follow the format they claim. */
export class MalformedError extends Error {}

export class BufferSource implements ByteSource {
  constructor(private readonly bytes: Buffer) {}

  get size(): number {
    return this.bytes.length;
  }

  read(position: number, length: number): Buffer {
    return this.bytes.subarray(position, Math.min(position + length, this.bytes.length));
  }
}

/** A file read with positional reads; close it when done. */
export class FileSource implements ByteSource {
  readonly size: number;
  private readonly fd: number;

  constructor(path: string) {
    this.fd = openSync(path, "r");
    this.size = fstatSync(this.fd).size;
  }

  read(position: number, length: number): Buffer {
    const wanted = Math.max(0, Math.min(length, this.size - position));
    const out = Buffer.allocUnsafe(wanted);
    let done = 0;
    while (done < wanted) {
      const n = readSync(this.fd, out, done, wanted - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return done === wanted ? out : out.subarray(0, done);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** A window of another source (a stored zip entry, the data after an .npy header). */
export class SliceSource implements ByteSource {
  readonly size: number;

  constructor(
    private readonly inner: ByteSource,
    private readonly start: number,
    length: number,
  ) {
    this.size = Math.max(0, Math.min(length, inner.size - start));
  }

  read(position: number, length: number): Buffer {
    if (position >= this.size) return Buffer.alloc(0);
    return this.inner.read(this.start + position, Math.min(length, this.size - position));
  }
}

const WINDOW = 1024 * 1024;

/**
 * Reads a source front to back through a 1 MiB window: single bytes, short runs, lines and skips
 * (large values are skipped, never buffered, so memory stays bounded whatever the file's size).
 */
export class SequentialReader {
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;
  /** Absolute position in the source. */
  position: number;

  constructor(
    readonly source: ByteSource,
    start = 0,
  ) {
    this.position = start;
  }

  remaining(): number {
    return this.source.size - this.position;
  }

  private fill(want: number): void {
    const offset = this.position - this.windowStart;
    if (offset >= 0 && offset + want <= this.window.length) return;
    this.window = this.source.read(this.position, Math.max(want, WINDOW));
    this.windowStart = this.position;
  }

  byte(): number {
    this.fill(1);
    const offset = this.position - this.windowStart;
    if (offset >= this.window.length) throw new TruncatedError(`the data ends at byte ${this.position}`);
    this.position++;
    return this.window[offset];
  }

  /** `length` bytes (copied); throws TruncatedError when fewer remain. */
  bytes(length: number): Buffer {
    if (length > this.remaining())
      throw new TruncatedError(`the data ends inside a ${length}-byte value at byte ${this.position}`);
    if (length > WINDOW) {
      const out = this.source.read(this.position, length);
      this.position += length;
      return out;
    }
    this.fill(length);
    const offset = this.position - this.windowStart;
    this.position += length;
    return Buffer.from(this.window.subarray(offset, offset + length));
  }

  skip(length: number): void {
    if (length > this.remaining())
      throw new TruncatedError(`the data ends inside a ${length}-byte value at byte ${this.position}`);
    this.position += length;
  }

  /** Bytes up to (not including) the next newline, which is consumed; at most `max` bytes. */
  line(max: number): Buffer {
    const parts: Buffer[] = [];
    let total = 0;
    for (;;) {
      this.fill(1);
      const offset = this.position - this.windowStart;
      if (offset >= this.window.length)
        throw new TruncatedError(`the data ends inside a text argument at byte ${this.position}`);
      const end = this.window.indexOf(0x0a, offset);
      const stop = end === -1 ? this.window.length : end;
      total += stop - offset;
      if (total > max)
        throw new MalformedError(`a text argument longer than ${max} bytes at ${this.position}`);
      parts.push(this.window.subarray(offset, stop));
      this.position += stop - offset;
      if (end !== -1) {
        this.position++;
        return Buffer.concat(parts);
      }
    }
  }

  u16(): number {
    return this.bytes(2).readUInt16LE(0);
  }

  u32(): number {
    return this.bytes(4).readUInt32LE(0);
  }

  i32(): number {
    return this.bytes(4).readInt32LE(0);
  }

  /** An unsigned 64-bit length; beyond 2^53 it cannot be a real length in a file. */
  u64(): number {
    const value = this.bytes(8).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new MalformedError(`a 64-bit length of ${value} at byte ${this.position - 8}`);
    return Number(value);
  }
}
