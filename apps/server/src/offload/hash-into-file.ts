import type { FileHandle } from "node:fs/promises";
import { sha256Stream, threadHashIntoFile, type StreamHash, type ThreadHash } from "./stream-hash.js";

/** A body streamed into a new file and hashed on the way: each byte crosses into the hub once. */
export interface FileHashWriter {
  /** Takes the next chunk (the caller may hand it on at once). A promise means: wait before the next. */
  add(chunk: Uint8Array): Promise<void> | undefined;
  /** Bytes of the file written so far (readers of the growing file may read up to here). */
  stored(): number;
  /** Resolves with the SHA-256 once every byte is written (not synced); rejects if writing failed. */
  finish(): Promise<string>;
  /** Gives up; resolves once nothing writes to the file any more, so it may be closed. */
  abort(): Promise<void>;
}

/**
 * Hashes and writes a body of `size` bytes into `file`, from offset 0. A large body goes to a hashing
 * thread that also writes it (from the shared ring, in pieces of up to 512 KiB); otherwise it is hashed
 * here and written by `BatchWriter`. `onStored` hears of progress on the second path only: callers
 * that wait for bytes on disk also wake on each chunk they hand in.
 */
export function hashIntoFile(size: number, file: FileHandle, onStored: () => void): FileHashWriter {
  const thread = threadHashIntoFile(size, file.fd);
  return thread ? new ThreadWriter(thread) : new InlineWriter(sha256Stream(size), file, onStored);
}

class ThreadWriter implements FileHashWriter {
  private finished = false;

  constructor(private readonly hash: ThreadHash) {}

  add(chunk: Uint8Array): Promise<void> | undefined {
    return this.hash.update(chunk);
  }

  stored(): number {
    return this.hash.consumed();
  }

  async finish(): Promise<string> {
    this.finished = true;
    return this.hash.digest();
  }

  async abort(): Promise<void> {
    if (!this.finished) this.hash.abort();
    await this.hash.settled();
  }
}

class InlineWriter implements FileHashWriter {
  private readonly writer: BatchWriter;

  constructor(
    private readonly hash: StreamHash,
    file: FileHandle,
    onStored: () => void,
  ) {
    this.writer = new BatchWriter(file, onStored);
  }

  add(chunk: Uint8Array): Promise<void> | undefined {
    const hashing = this.hash.update(chunk);
    const writing = this.writer.add(chunk);
    return hashing || writing ? Promise.all([hashing, writing]).then(() => undefined) : undefined;
  }

  stored(): number {
    return this.writer.written;
  }

  async finish(): Promise<string> {
    const digest = await this.hash.digest();
    await this.writer.finish();
    return digest;
  }

  async abort(): Promise<void> {
    this.hash.abort();
    await this.writer.finish().catch(() => undefined);
  }
}

/** Writes waiting above this many bytes make the caller wait for the disk (small: see the mirror's RECENT_BYTES). */
const MAX_PENDING_BYTES = 1024 * 1024;

/**
 * Appends chunks to a file without making the next network read wait for each write: chunks that
 * arrive while a write runs go out together in the next one (one `writev`).
 */
class BatchWriter {
  /** Bytes of the file written so far. */
  written = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private writing: Promise<void> | undefined;
  private failed: unknown;

  constructor(
    private readonly file: FileHandle,
    private readonly onStored: () => void,
  ) {}

  add(chunk: Uint8Array): Promise<void> | undefined {
    if (this.failed) throw this.failed;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.writing ??= this.drain();
    return this.pendingBytes > MAX_PENDING_BYTES ? this.writing : undefined;
  }

  async finish(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.failed) throw this.failed;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending;
        this.pending = [];
        this.pendingBytes = 0;
        const start = this.written;
        const { bytesWritten } = await this.file.writev(batch, start);
        const total = batch.reduce((sum, chunk) => sum + chunk.length, 0);
        if (bytesWritten < total)
          await writeAll(this.file, Buffer.concat(batch).subarray(bytesWritten), start + bytesWritten);
        this.written = start + total;
        this.onStored();
      }
    } catch (error) {
      this.failed = error;
    } finally {
      this.writing = undefined;
    }
  }
}

async function writeAll(file: FileHandle, data: Uint8Array, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset, position + offset);
    offset += bytesWritten;
  }
}
