/**
 * A small deterministic PRNG (32-bit state, mulberry32-style mixing): the same seed gives the same
 * weights on every machine, so the demo model's file and its sha256 never change between imports.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [-scale, scale). */
  symmetric(scale: number): number {
    return (this.next() * 2 - 1) * scale;
  }
}
