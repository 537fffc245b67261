/**
 * A byte range of a local file as a Node stream, with a second, cheaper way out: `sendTo` writes the
 * range to a socket-backed stream from a small pool of reused read buffers. A plain file stream
 * allocates a fresh buffer per read, and at hundreds of MB/s collecting those buffers takes a large
 * share of the event loop from every other request.
 */
import { type FileHandle, open } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { closeHandleThen } from "./close-file-handle.js";
import { bulkTurn } from "../../net/bulk-turns.js";

/** Read size: each read and write costs the event loop about the same whatever its size. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** Buffers a finished write hands back for the next read; more than this many idle ones are dropped. */
const MAX_IDLE_BUFFERS = 32;
const idleBuffers: Buffer[] = [];

function takeBuffer(): Buffer {
  return idleBuffers.pop() ?? Buffer.allocUnsafeSlow(FILE_CHUNK_BYTES);
}

function giveBack(buffer: Buffer): void {
  if (idleBuffers.length < MAX_IDLE_BUFFERS) idleBuffers.push(buffer);
}

export class FileRangeStream extends Readable {
  private handle?: FileHandle;
  private position: number;
  private remaining: number;
  private taken = false;

  /**
   * Opens `path` for an inclusive byte range, the whole file without one. A file shorter than the
   * range fails on read.
   */
  static async open(path: string, range?: { start: number; end: number }): Promise<FileRangeStream> {
    const handle = await open(path, "r");
    try {
      const { start, end } = range ?? { start: 0, end: (await handle.stat()).size - 1 };
      return new FileRangeStream(path, handle, start, end);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private constructor(
    private readonly path: string,
    handle: FileHandle,
    start: number,
    end: number,
  ) {
    super({ highWaterMark: FILE_CHUNK_BYTES });
    this.handle = handle;
    this.position = start;
    this.remaining = Math.max(0, end - start + 1);
  }

  override _read(): void {
    if (this.remaining === 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafeSlow(Math.min(FILE_CHUNK_BYTES, this.remaining));
    this.readInto(buffer).then(
      (bytes) => this.push(buffer.subarray(0, bytes)),
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    closeHandleThen(handle, error, callback);
  }

  /** Nothing has read from this stream yet: `sendTo` may take it over. */
  get untouched(): boolean {
    return !this.taken && !this.readableDidRead && this.readableFlowing === null && !this.destroyed;
  }

  /**
   * Writes the whole range to `target` and ends it, reusing read buffers once their write completed.
   * Rejects (and destroys `target`) when a read fails or `target` closes early. The stream itself is
   * destroyed at the end either way.
   */
  async sendTo(target: Writable): Promise<void> {
    if (!this.untouched) throw new Error("FileRangeStream.sendTo: the stream was already read");
    this.taken = true;
    try {
      while (this.remaining > 0) {
        if (target.destroyed) throw new Error("the response closed before the file was sent");
        const buffer = takeBuffer();
        const bytes = await this.readInto(buffer.subarray(0, Math.min(FILE_CHUNK_BYTES, this.remaining)));
        await bulkTurn();
        if (target.destroyed) throw new Error("the response closed before the file was sent");
        const flushed = target.write(buffer.subarray(0, bytes), (error) => {
          if (!error) giveBack(buffer);
        });
        if (!flushed) await drained(target);
      }
      target.end();
    } catch (error) {
      // destroyed without the error: whoever owns the target may not listen for one; the cut is the signal
      target.destroy();
      throw error;
    } finally {
      this.destroy();
    }
  }

  /** Fills `buffer` from the current position; a file shorter than the range is an error. */
  private async readInto(buffer: Buffer): Promise<number> {
    const handle = this.handle;
    if (!handle) throw new Error("the file is not open");
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, this.position + filled);
      if (bytesRead === 0) throw new Error(`${this.path} ended before the requested range`);
      filled += bytesRead;
    }
    this.position += filled;
    this.remaining -= filled;
    return filled;
  }
}

/** Resolves on `drain`; rejects when the target closes first. */
function drained(target: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (target.destroyed) {
      reject(new Error("the response closed before the file was sent"));
      return;
    }
    const onDrain = () => {
      target.off("close", onClose);
      resolve();
    };
    const onClose = () => {
      target.off("drain", onDrain);
      reject(new Error("the response closed before the file was sent"));
    };
    target.once("drain", onDrain);
    target.once("close", onClose);
  });
}
