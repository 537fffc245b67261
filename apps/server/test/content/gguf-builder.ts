/** Builds a small GGUF v3 header for tests: string/u32 entries plus one large string array (a vocabulary). */
export function buildGguf(entries: Record<string, string | number>, vocabularySize = 0): Buffer {
  const parts: Buffer[] = [];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const u64 = (n: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return b;
  };
  const str = (s: string) => Buffer.concat([u64(Buffer.byteLength(s)), Buffer.from(s)]);
  const keys = Object.entries(entries);
  parts.push(Buffer.from("GGUF"), u32(3), u64(0), u64(keys.length + (vocabularySize > 0 ? 1 : 0)));
  if (vocabularySize > 0) {
    parts.push(str("tokenizer.ggml.tokens"), u32(9), u32(8), u64(vocabularySize));
    for (let i = 0; i < vocabularySize; i++) parts.push(str(`tok${i}`));
  }
  for (const [key, value] of keys) {
    parts.push(str(key));
    if (typeof value === "string") parts.push(u32(8), str(value));
    else parts.push(u32(4), u32(value));
  }
  parts.push(Buffer.alloc(64));
  return Buffer.concat(parts);
}
