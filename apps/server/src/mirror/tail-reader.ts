import { open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { closeHandleThen } from "../content/blobs/close-file-handle.js";

const CHUNK = 1024 * 1024;

/** What a reader needs to know about a file that is still being written (see Transfer). */
export interface GrowingFile {
  readonly tmpPath: string;
  /** Where the file lies once it is complete and verified. */
  readonly finalPath: string;
  /** Bytes a reader may hand out so far; the whole size only once verified. */
  available(): number;
  /** Bytes of the file on disk so far (may trail `available` while they are held in memory). */
  onDisk(): number;
  /** Set when the transfer failed: readers end with this error. */
  failure(): Error | undefined;
  /** Resolves at the next progress, completion or failure. */
  changed(): Promise<void>;
  /**
   * Bytes from `position` (up to `limit`) still held in memory from the upstream, so a reader that
   * keeps up needs no file read; undefined when they are no longer held.
   */
  recent?(position: number, limit: number): Uint8Array[] | undefined;
}

/**
 * Streams bytes `start..end` of a file while another task writes it: hands out the writer's recent
 * chunks from memory while it keeps up, else reads what is on disk; waits for more, ends with an
 * error when the writer fails and nothing is left to hand out. Memory stays at one chunk per reader.
 */
export class TailReader extends Readable {
  private handle: FileHandle | undefined;
  private position: number;

  constructor(
    private readonly file: GrowingFile,
    start: number,
    private readonly end: number,
  ) {
    super({ highWaterMark: CHUNK });
    this.position = start;
  }

  override _read(): void {
    this.pump().catch((error: unknown) =>
      this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async openHandle(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    try {
      this.handle = await open(this.file.tmpPath, "r");
    } catch {
      // verified and moved into the store meanwhile
      this.handle = await open(this.file.finalPath, "r");
    }
    return this.handle;
  }

  private async pump(): Promise<void> {
    for (;;) {
      if (this.position > this.end) {
        this.push(null);
        return;
      }
      const limit = Math.min(this.file.available(), this.end + 1);
      if (this.position < limit) {
        const held = this.file.recent?.(this.position, limit);
        if (held) {
          for (const part of held) {
            this.position += part.length;
            this.push(part);
          }
          return;
        }
        const onDisk = Math.min(this.file.onDisk(), limit);
        if (this.position < onDisk) {
          const handle = await this.openHandle();
          const length = Math.min(onDisk - this.position, CHUNK);
          const buffer = Buffer.allocUnsafe(length);
          const { bytesRead } = await handle.read(buffer, 0, length, this.position);
          if (bytesRead === 0) throw new Error("cached file shrank while being read");
          this.position += bytesRead;
          this.push(buffer.subarray(0, bytesRead));
          return;
        }
      }
      // checked only when nothing is left to hand out: a failure after verification (storing the
      // object) does not cut off a reader that can still finish from memory or the file
      const failure = this.file.failure();
      if (failure) throw failure;
      await this.file.changed();
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    closeHandleThen(handle, error, callback);
  }
}
