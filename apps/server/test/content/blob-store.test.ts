import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { BlobMismatchError, type BlobStore } from "../../src/content/blobs/blob-store.js";
import { FsBlobStore, MemoryBlobStore } from "../../src/content/index.js";

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
