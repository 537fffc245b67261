import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, describe, expect, it } from "vitest";
import { BlobMismatchError, type BlobStore } from "../../src/content/blobs/blob-store.js";
import { verifyingTransform } from "../../src/content/blobs/verifying-transform.js";
import { FsBlobStore, MemoryBlobStore } from "../../src/content/index.js";
import { THREAD_HASH_MIN_BYTES } from "../../src/offload/stream-hash.js";

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const read = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

/** One contract, run against every driver. */
function blobStoreContract(
  name: string,
  make: () => Promise<{ store: BlobStore; cleanup(): Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let cleanup: () => Promise<void> = async () => undefined;
    afterEach(() => cleanup());

    it("stores, stats, reads ranges and deletes", async () => {
      const made = await make();
      cleanup = made.cleanup;
      const data = Buffer.from("0123456789abcdef".repeat(1000));
      const oid = sha(data);
      expect(await made.store.stat(oid)).toBeUndefined();
      await made.store.put(oid, data.length, Readable.from([data.subarray(0, 5000), data.subarray(5000)]));
      expect(await made.store.stat(oid)).toBe(data.length);
      expect((await read(await made.store.open(oid))).equals(data)).toBe(true);
      expect((await read(await made.store.open(oid, { start: 10, end: 19 }))).toString()).toBe("abcdef0123");
      await made.store.delete(oid);
      expect(await made.store.stat(oid)).toBeUndefined();
    });

    it("rejects content whose sha256 or size does not match, storing nothing", async () => {
      const made = await make();
      cleanup = made.cleanup;
      const data = Buffer.from("payload");
      const wrongOid = sha(Buffer.from("other"));
      await expect(made.store.put(wrongOid, data.length, Readable.from([data]))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      expect(await made.store.stat(wrongOid)).toBeUndefined();
      await expect(made.store.put(sha(data), data.length + 1, Readable.from([data]))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      await expect(made.store.put(sha(data), data.length - 1, Readable.from([data]))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      expect(await made.store.stat(sha(data))).toBeUndefined();
    });

    it("verifies large objects (hashed on a hashing thread) the same way", async () => {
      const made = await make();
      cleanup = made.cleanup;
      const data = randomBytes(THREAD_HASH_MIN_BYTES + 1_000_003);
      const chunks = (bytes: Buffer) =>
        Readable.from(
          Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
            bytes.subarray(i * 65_536, (i + 1) * 65_536),
          ),
        );
      const wrong = Buffer.from(data);
      wrong[wrong.length - 1] ^= 1;
      await expect(made.store.put(sha(data), data.length, chunks(wrong))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      await expect(made.store.put(sha(data), data.length - 1, chunks(data))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      await expect(made.store.put(sha(data), data.length + 1, chunks(data))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      expect(await made.store.stat(sha(data))).toBeUndefined();
      await made.store.put(sha(data), data.length, chunks(data));
      expect((await read(await made.store.open(sha(data)))).equals(data)).toBe(true);
    });
  });
}

blobStoreContract("memory", async () => ({ store: new MemoryBlobStore(), cleanup: async () => undefined }));
blobStoreContract("local folder", async () => {
  const dir = await mkdtemp(join(tmpdir(), "blobs-"));
  const store = new FsBlobStore(dir);
  await store.init();
  return {
    store,
    cleanup: async () => {
      expect(await readdir(join(dir, "tmp"))).toEqual([]);
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe("local folder driver, rejected uploads", () => {
  it("leaves no temp file behind, even when rejections come before the temp file is open", async () => {
    const dir = await mkdtemp(join(tmpdir(), "blobs-reject-"));
    try {
      const store = new FsBlobStore(dir);
      await store.init();
      const data = Buffer.from("payload");
      // a size that is too large fails at the first chunk, often before the file is even opened
      for (let round = 0; round < 50; round++) {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 4 }, () => store.put(sha(data), data.length - 1, Readable.from([data]))),
        );
        for (const outcome of outcomes) {
          expect(outcome.status).toBe("rejected");
          if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(BlobMismatchError);
        }
        expect(await readdir(join(dir, "tmp"))).toEqual([]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the verifying stream (object storage and the local blob cache)", () => {
  const data = randomBytes(THREAD_HASH_MIN_BYTES + 77_777);
  const oid = sha(data);
  const chunks = (bytes: Buffer) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
        bytes.subarray(i * 65_536, (i + 1) * 65_536),
      ),
    );

  it("passes a large object through whole, and fails a damaged one before the consumer sees its end", async () => {
    const passed = await read(chunks(data).pipe(verifyingTransform(oid, data.length)));
    expect(passed.equals(data)).toBe(true);
    const wrong = Buffer.from(data);
    wrong[12_345] ^= 1;
    await expect(
      pipeline(chunks(wrong), verifyingTransform(oid, data.length), new PassThrough().resume()),
    ).rejects.toBeInstanceOf(BlobMismatchError);
    // dropped half way: the hashing thread is handed back, and the next object verifies as before
    const dropped = verifyingTransform(oid, data.length);
    dropped.write(data.subarray(0, 5_000_000));
    dropped.destroy();
    expect((await read(chunks(data).pipe(verifyingTransform(oid, data.length)))).equals(data)).toBe(true);
  });
});
