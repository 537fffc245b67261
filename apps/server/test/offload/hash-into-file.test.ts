import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RING_BYTES } from "../../src/offload/hash-ring.js";
import { hashIntoFile } from "../../src/offload/hash-into-file.js";
import { sha256Stream, THREAD_HASH_MIN_BYTES } from "../../src/offload/stream-hash.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const folder = await mkdtemp(join(tmpdir(), "hash-into-file-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Streams `bytes` into a new file in chunks of `chunk` bytes: { digest, file bytes, stored at the end }. */
async function streamInto(name: string, bytes: Uint8Array, chunk: number) {
  const path = join(folder, name);
  const file = await open(path, "wx");
  let notified = 0;
  const writer = hashIntoFile(bytes.length, file, () => notified++);
  try {
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const waiting = writer.add(bytes.subarray(offset, offset + chunk));
      if (waiting) await waiting;
    }
    const digest = await writer.finish();
    return { digest, stored: writer.stored(), notified, written: await readFile(path) };
  } finally {
    await file.close();
  }
}

describe("hashIntoFile", () => {
  it("writes and hashes a large body on a hashing thread, whatever the chunking", async () => {
    const big = randomBytes(THREAD_HASH_MIN_BYTES + 2 * RING_BYTES + 4_321);
    for (const [name, chunk] of [
      ["socket-sized", 65_536],
      ["odd", 7_777],
      ["larger-than-ring", RING_BYTES + 3],
    ] as const) {
      const result = await streamInto(name, big, chunk);
      expect(result.digest).toBe(sha256(big));
      expect(result.stored).toBe(big.length);
      expect(Buffer.compare(result.written, big)).toBe(0);
    }
  });

  it("writes and hashes a small body where it is, telling of each write", async () => {
    const small = randomBytes(300_000);
    const result = await streamInto("small", small, 10_000);
    expect(result.digest).toBe(sha256(small));
    expect(result.stored).toBe(small.length);
    expect(result.notified).toBeGreaterThan(0);
    expect(Buffer.compare(result.written, small)).toBe(0);
  });

  it("fails clearly when the file cannot be written, and leaves the thread fit for the next body", async () => {
    const big = randomBytes(THREAD_HASH_MIN_BYTES + RING_BYTES);
    const path = join(folder, "read-only");
    await writeFile(path, "");
    const file = await open(path, "r");
    const writer = hashIntoFile(big.length, file, () => undefined);
    let failure: unknown;
    try {
      for (let offset = 0; offset < big.length; offset += 65_536) {
        const waiting = writer.add(big.subarray(offset, offset + 65_536));
        if (waiting) await waiting;
      }
      await writer.finish();
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).toMatch(/writing the file failed/);
    await writer.abort();
    await file.close();
    // every hashing thread still hashes correctly afterwards
    const again = await Promise.all(
      [1, 2, 3].map(async () => {
        const hash = sha256Stream(big.length);
        await hash.update(big);
        return hash.digest();
      }),
    );
    expect(again).toEqual([sha256(big), sha256(big), sha256(big)]);
  });

  it("an aborted body stops writing before abort resolves", async () => {
    const big = randomBytes(THREAD_HASH_MIN_BYTES + RING_BYTES);
    const path = join(folder, "aborted");
    const file = await open(path, "wx");
    const writer = hashIntoFile(big.length, file, () => undefined);
    const waiting = writer.add(big.subarray(0, 3 * RING_BYTES));
    await writer.abort();
    await waiting;
    const size = (await file.stat()).size;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await file.stat()).size).toBe(size);
    expect(size).toBeLessThan(3 * RING_BYTES);
    await file.close();
  });
});
