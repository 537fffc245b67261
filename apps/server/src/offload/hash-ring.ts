/**
 * The memory a hashing thread shares with the main thread: a ring of bytes the main thread copies each
 * chunk into, and four 32-bit words that say how far each side is. One writer (the main thread), one
 * reader (the hashing thread), no locks: each side only ever advances its own position.
 */

/** Bytes of the ring (a power of two, so positions wrap with a mask). */
export const RING_BYTES = 4 * 1024 * 1024;
export const RING_MASK = RING_BYTES - 1;

/** Word indexes in the control array. Positions are byte counts modulo 2^32. */
export const WRITTEN = 0;
export const CONSUMED = 1;
export const STATE = 2;
/** Bumped by the main thread to wake the hashing thread, which sleeps on it. */
export const SIGNAL = 3;
/** 1 while the hashing thread is (about to be) asleep: only then is it worth waking. */
export const SLEEPING = 4;

export const RUNNING = 0;
export const FINISH = 1;
export const ABORT = 2;

/** Control words, padded so the data starts on a 16-byte boundary (see alignedCopy in stream-hash). */
const CONTROL_BYTES = 32;

export interface HashRing {
  buffer: SharedArrayBuffer;
  control: Int32Array;
  data: Uint8Array;
}

export function createRing(): SharedArrayBuffer {
  return new SharedArrayBuffer(CONTROL_BYTES + RING_BYTES);
}

export function ringViews(buffer: SharedArrayBuffer): HashRing {
  return {
    buffer,
    control: new Int32Array(buffer, 0, CONTROL_BYTES / 4),
    data: new Uint8Array(buffer, CONTROL_BYTES, RING_BYTES),
  };
}

/** Bytes between two positions (modulo 2^32). */
export function distance(from: number, to: number): number {
  return (to - from) >>> 0;
}

/** The message that starts a job on a hashing thread. */
export interface HashJob {
  begin: true;
  /** A file descriptor to append every byte to, from offset 0 (see hashIntoFile). */
  fd?: number;
}

/** A hashing thread's answer at the end of a job. */
export interface HashJobResult {
  /** Absent when the job was aborted or failed. */
  digest?: string;
  /** Writing the file failed; the job stopped there. */
  error?: string;
}
