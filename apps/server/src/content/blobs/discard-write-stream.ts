import type { WriteStream } from "node:fs";

/**
 * Destroys a file write stream and settles once its descriptor is closed (or was never opened).
 *
 * A write still in flight when the stream is destroyed comes back as ERR_STREAM_DESTROYED, and the
 * fs stream re-emits it as an `error` once its I/O settles; without a listener that error would be
 * an uncaught exception that takes the whole server down. The caller is discarding the file anyway.
 */
export function discardWriteStream(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    stream.on("error", () => undefined);
    if (stream.closed) return resolve();
    stream.once("close", () => resolve());
    stream.destroy();
  });
}
