import type { FileHandle } from "node:fs/promises";

/**
 * The `_destroy` of a stream that owns an open file: closes it, then calls back with the stream's own
 * error first (a failed close is reported only when nothing else went wrong).
 */
export function closeHandleThen(
  handle: FileHandle | undefined,
  error: Error | null,
  callback: (error?: Error | null) => void,
): void {
  if (!handle) return callback(error);
  handle.close().then(
    () => callback(error),
    (closeError: Error) => callback(error ?? closeError),
  );
}
