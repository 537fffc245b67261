import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobMismatchError } from "../../src/content/blobs/blob-store.js";
import { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { s3SettingsFrom } from "../../src/content/blobs/s3/s3-settings.js";
import { FsBlobStore } from "../../src/content/blobs/fs-blob-store.js";
import { runCli } from "../../src/cli/run.js";
import { cephMissing, sharedCeph, type CephCluster } from "./ceph-cluster.js";

const missing = cephMissing();
if (missing) console.warn(`skipping the S3 blob store suite: ${missing}`);

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.skipIf(missing !== undefined)("S3 blob store on Ceph RGW", () => {
  let ceph: CephCluster;
  let store: S3BlobStore;

  beforeAll(async () => {
    ceph = await sharedCeph();
    store = await ceph.store("blobs", "hub/lfs");
  }, 120_000);
  afterAll(async () => {
    store?.client.destroy();
    await ceph?.stop();
  }, 60_000);

  it("is reachable, stores verified objects, reads ranges, lists, touches and deletes", async () => {
    await store.checkReachable();
    const data = randomBytes(40 * 1024 * 1024 + 123);
    const oid = sha(data);
    expect(await store.stat(oid)).toBeUndefined();
    await store.put(oid, data.length, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    expect(await store.stat(oid)).toBe(data.length);
    expect(sha(await readAll(await store.open(oid)))).toBe(oid);
    expect(await readAll(await store.open(oid, { start: 10, end: 19 }))).toEqual(data.subarray(10, 20));

    const empty = sha(Buffer.alloc(0));
    await store.put(empty, 0, Readable.from([]));
    expect(await store.stat(empty)).toBe(0);

    const listed = [];
    for await (const blob of store.list()) listed.push(blob.oid);
    expect(listed.sort()).toEqual([oid, empty].sort());

    const before = (await store.lastUsedMs(oid))!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await store.touch(oid);
    expect((await store.lastUsedMs(oid))!).toBeGreaterThan(before);

    await store.delete(oid);
    expect(await store.stat(oid)).toBeUndefined();
    expect(await store.lastUsedMs(oid)).toBeUndefined();
    await expect(store.open(oid)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("migrate-blobs copies the data folder's objects with verification, resumes, and refuses damaged files", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "modelhub-migrate-"));
    try {
      const local = new FsBlobStore(join(dataDir, "lfs"));
      await local.init();
      const blobs = [randomBytes(1000), randomBytes(17 * 1024 * 1024), randomBytes(5)];
      for (const data of blobs) await local.put(sha(data), data.length, Readable.from([data]));
      const lines: string[] = [];
      const io = { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) };
      const env = { ...ceph.env };
      const run = () => runCli(["migrate-blobs", "--to", "s3://migrated/lfs", "--data", dataDir], env, io);
      expect(await run(), lines.join("\n")).toBe(0);
      expect(lines.join("\n")).toContain("copied and verified: 3");
      const target = await ceph.store("migrated", "lfs");
      for (const data of blobs) expect(await target.stat(sha(data))).toBe(data.length);

      // a second run resumes: everything is already there
      lines.length = 0;
      expect(await run()).toBe(0);
      expect(lines.join("\n")).toContain("already there: 3");

      // a file whose bytes no longer match its name is reported and not copied
      const damaged = sha(Buffer.from("original"));
      const path = local.objectPath(damaged);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, "tampered");
      lines.length = 0;
      expect(await run()).toBe(1);
      expect(lines.join("\n")).toContain(damaged);
      expect(await target.stat(damaged)).toBeUndefined();
      target.client.destroy();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("makes a missing bucket with CORS, so the web app can PUT to presigned URLs from the hub's origin", async () => {
    const fresh = new S3BlobStore(
      s3SettingsFrom({ ...ceph.env, MODELHUB_BLOB_STORE: "s3://fresh-bucket/lfs" })!,
    );
    await expect(fresh.checkReachable()).rejects.toThrow();
    await fresh.ensureBucket();
    await fresh.ensureBucket();
    await fresh.checkReachable();
    const preflight = await fetch(`${ceph.endpoint}/fresh-bucket/lfs/staging/x`, {
      method: "OPTIONS",
      headers: { Origin: "http://hub.example:8080", "Access-Control-Request-Method": "PUT" },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeTruthy();
    expect(preflight.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
    fresh.client.destroy();
  });

  it("never makes bytes visible under an oid they do not hash to (small and multipart)", async () => {
    for (const length of [1000, 20 * 1024 * 1024]) {
      const data = randomBytes(length);
      const wrong = sha(randomBytes(16));
      await expect(store.put(wrong, length, Readable.from([data]))).rejects.toBeInstanceOf(BlobMismatchError);
      expect(await store.stat(wrong)).toBeUndefined();
      const right = sha(data);
      await expect(store.put(right, length + 1, Readable.from([data]))).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      expect(await store.stat(right)).toBeUndefined();
    }
  });
});
