import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RING_BYTES } from "../../src/offload/hash-ring.js";
import { sha256Stream, THREAD_HASH_MIN_BYTES } from "../../src/offload/stream-hash.js";

const expected = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Feeds `bytes` in chunks of the given sizes (cycled), waiting whenever the hash asks to. */
async function hashInChunks(size: number, bytes: Uint8Array, chunkSizes: number[]): Promise<string> {
  const hash = sha256Stream(size);
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const length = chunkSizes[i % chunkSizes.length];
    const waiting = hash.update(bytes.subarray(offset, offset + length));
    offset += length;
    if (waiting) await waiting;
  }
  return hash.digest();
}

describe("sha256Stream", () => {
  // several rings' worth, in chunk sizes that straddle the ring's end at every possible offset pattern
  const big = randomBytes(THREAD_HASH_MIN_BYTES + 3 * RING_BYTES + 12_345);

  it("matches node:crypto on a hashing thread, whatever the chunking", async () => {
    expect(await hashInChunks(big.length, big, [65_536])).toBe(expected(big));
    expect(await hashInChunks(big.length, big, [1, 7_777, 1_048_577, 333])).toBe(expected(big));
    // one chunk larger than the whole ring: copied in parts as the thread frees room
    expect(await hashInChunks(big.length, big, [RING_BYTES * 2 + 5])).toBe(expected(big));
  });

  it("hashes small bodies where they are, with the same digest", async () => {
    const small = randomBytes(100_000);
    expect(await hashInChunks(small.length, small, [4_096])).toBe(expected(small));
    expect(await hashInChunks(0, new Uint8Array(), [1])).toBe(expected(new Uint8Array()));
  });

  it("runs concurrent hashes on separate threads without mixing their bytes", async () => {
    const other = randomBytes(big.length);
    const [a, b, c] = await Promise.all([
      hashInChunks(big.length, big, [65_536]),
      hashInChunks(other.length, other, [100_003]),
      hashInChunks(big.length, big, [RING_BYTES - 1]),
    ]);
    expect([a, b, c]).toEqual([expected(big), expected(other), expected(big)]);
  });

  it("an aborted hash leaves its thread fit for the next one", async () => {
    for (let round = 0; round < 3; round++) {
      const dropped = sha256Stream(big.length);
      await dropped.update(big.subarray(0, RING_BYTES + 10));
      dropped.abort();
      dropped.abort();
      expect(await hashInChunks(big.length, big, [262_144])).toBe(expected(big));
    }
  });

  it("a hash aborted while it waits for room never writes into the next body's ring", async () => {
    for (let round = 0; round < 3; round++) {
      const dropped = sha256Stream(big.length);
      // more than the ring holds: the rest waits for room, and is given up before it gets any
      const waiting = dropped.update(big.subarray(0, 3 * RING_BYTES));
      dropped.abort();
      const next = hashInChunks(big.length, big, [65_536]);
      await waiting;
      expect(await next).toBe(expected(big));
    }
  });
});
