/** Deterministic helpers for placeholder binary content. */

export function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** A small xorshift generator: same seed text, same sequence. */
export function seededRandom(seedText: string): () => number {
  let state = hashText(seedText) || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

export function pseudoRandomBytes(seedText: string, length: number): Uint8Array {
  const words = new Uint32Array(Math.ceil(length / 4));
  let state = hashText(seedText) || 1;
  for (let i = 0; i < words.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[i] = state;
  }
  return new Uint8Array(words.buffer, 0, length);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Stand-in for a binary weight file whose real format we do not reproduce (pickles, checkpoints…). */
export function placeholderWeights(label: string, length = 2048): Uint8Array {
  const head = new TextEncoder().encode(`ModelHub demo placeholder: ${label}\n`);
  return concatBytes([head, pseudoRandomBytes(label, Math.max(0, length - head.length))]);
}
