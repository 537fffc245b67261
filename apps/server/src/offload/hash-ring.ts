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
/** Bumped by the main thread after every change it makes; the hashing thread sleeps on it. */
export const SIGNAL = 3;

export const RUNNING = 0;
export const FINISH = 1;
export const ABORT = 2;

const CONTROL_BYTES = 16;

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
