import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { downloadFile, fileDownloadInfo, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { collectGarbage } from "../../src/maintenance/gc/collect-garbage.js";
import { auth, createTestHub, ndjson, type TestHub } from "../content/fixtures.js";
import { gitCli, hasGitLfs, makeGitHome } from "../content/git-cli.js";
import { listen } from "../content/serve.js";
import { cephMissing, sharedCeph, type CephCluster } from "./ceph-cluster.js";
import { LFS, MiB, sha, type Action, type BatchObject } from "./lfs-wire.js";

const missing = cephMissing();
if (missing) console.warn(`skipping the LFS-on-S3 suite: ${missing}`);

describe.skipIf(missing !== undefined)("LFS on S3 (Ceph RGW): the hub out of the data path", () => {
  let ceph: CephCluster;
  let store: S3BlobStore;
  let hub: TestHub;
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    ceph = await sharedCeph();
    store = await ceph.store("hub-lfs", "lfs");
    hub = await createTestHub({ blobs: store, publicUrl: "", lfsPartBytes: 5 * MiB });
    await hub.content.init(hub.platform.add("model", "alice/weights"));
    await hub.content.init(hub.platform.add("model", "mallory/junk"));
    server = await listen(hub.app);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await hub?.close();
    store?.client.destroy();
    await ceph?.stop();
  }, 60_000);

  const batch = async (
    repo: string,
    operation: "upload" | "download",
    objects: { oid: string; size: number }[],
    transfers = ["basic"],
    user = repo.split("/")[0],
  ): Promise<BatchObject[]> => {
    const response = await fetch(`${server.url}/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...LFS, ...auth(user) },
      body: JSON.stringify({ operation, transfers, objects }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { objects: BatchObject[] }).objects;
  };
  const verify = (action: Action, oid: string, size: number) =>
    fetch(action.href, { method: "POST", headers: LFS, body: JSON.stringify({ oid, size }) });
  const commit = (repo: string, path: string, oid: string, size: number, user = repo.split("/")[0]) =>
    fetch(`${server.url}/api/models/${repo}/commit/main`, {
      method: "POST",
      headers: { "Content-Type": "application/x-ndjson", ...auth(user) },
      body: ndjson([
        { key: "header", value: { summary: `add ${path}` } },
        { key: "lfsFile", value: { path, algo: "sha256", oid, size } },
      ]),
    });

  it("basic upload: presigned PUT to S3, verify promotes, commit, resolve redirects with the hub's headers", async () => {
    const data = randomBytes(3 * MiB + 17);
    const oid = sha(data);
    const [answer] = await batch("alice/weights", "upload", [{ oid, size: data.length }]);
    const upload = answer.actions!.upload!;
    expect(new URL(upload.href).origin).toBe(ceph.endpoint);
    expect((await fetch(upload.href, { method: "PUT", body: data })).status).toBe(200);
    // staged only: not visible under its oid before the check
    expect(await store.stat(oid)).toBeUndefined();
    expect((await verify(answer.actions!.verify!, oid, data.length)).status).toBe(200);
    expect(await store.stat(oid)).toBe(data.length);
    expect((await commit("alice/weights", "model.safetensors", oid, data.length)).status).toBe(200);

    const url = `${server.url}/alice/weights/resolve/main/model.safetensors`;
    const head = await fetch(url, { method: "HEAD", redirect: "manual" });
    expect(head.status).toBe(302);
    expect(head.headers.get("X-Linked-Etag")).toBe(`"${oid}"`);
    expect(head.headers.get("X-Linked-Size")).toBe(String(data.length));
    expect(head.headers.get("X-Repo-Commit")).toMatch(/^[0-9a-f]{40}$/);
    expect(new URL(head.headers.get("Location")!).origin).toBe(ceph.endpoint);

    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Disposition")).toContain("model.safetensors");
    expect(sha(Buffer.from(await full.arrayBuffer()))).toBe(oid);
    const ranged = await fetch(url, { headers: { Range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(data.subarray(100, 200));

    // downloads are counted on the redirect (the default rule counts config.json), probes are not
    expect((await commit("alice/weights", "config.json", oid, data.length)).status).toBe(200);
    const counted = () => hub.platform.downloads.get("alice/weights") ?? 0;
    const before = counted();
    const config = `${server.url}/alice/weights/resolve/main/config.json`;
    await (await fetch(config, { headers: { Range: "bytes=0-0" } })).arrayBuffer();
    expect(counted()).toBe(before);
    expect((await fetch(config, { redirect: "manual" })).status).toBe(302);
    expect(counted()).toBe(before + 1);

    // clients that never call verify (the web app): the commit promotes the staged upload itself
    const unverified = randomBytes(MiB);
    const [staged] = await batch("alice/weights", "upload", [
      { oid: sha(unverified), size: unverified.length },
    ]);
    expect((await fetch(staged.actions!.upload!.href, { method: "PUT", body: unverified })).status).toBe(200);
    expect((await commit("alice/weights", "unverified.bin", sha(unverified), unverified.length)).status).toBe(
      200,
    );
    expect(await store.stat(sha(unverified))).toBe(unverified.length);

    const [download] = await batch("alice/weights", "download", [{ oid, size: data.length }]);
    const got = await fetch(download.actions!.download!.href);
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(oid);
  });

  it("multipart upload: presigned part URLs, completion through the hub, then the object is there", async () => {
    const data = randomBytes(12 * MiB + 5);
    const oid = sha(data);
    const [answer] = await batch(
      "alice/weights",
      "upload",
      [{ oid, size: data.length }],
      ["basic", "multipart"],
    );
    const upload = answer.actions!.upload!;
    const header = upload.header!;
    expect(header.chunk_size).toBe(String(5 * MiB));
    const parts = Object.keys(header).filter((key) => /^\d+$/.test(key));
    expect(parts).toEqual(["1", "2", "3"]);
    const etags = [];
    for (const part of parts) {
      const start = (Number(part) - 1) * 5 * MiB;
      const put = await fetch(header[part], { method: "PUT", body: data.subarray(start, start + 5 * MiB) });
      expect(put.status).toBe(200);
      etags.push({ partNumber: Number(part), etag: put.headers.get("ETag") ?? "" });
    }
    expect(new URL(upload.href).origin).toBe(server.url);
    const done = await fetch(upload.href, {
      method: "POST",
      headers: LFS,
      body: JSON.stringify({ oid, parts: etags }),
    });
    expect(done.status).toBe(200);
    expect(await store.stat(oid)).toBe(data.length);
    // a retried completion is answered the same
    const retried = await fetch(upload.href, {
      method: "POST",
      headers: LFS,
      body: JSON.stringify({ oid, parts: etags }),
    });
    expect(retried.status).toBe(200);
    expect((await verify(answer.actions!.verify!, oid, data.length)).status).toBe(200);
    expect((await commit("alice/weights", "big.bin", oid, data.length)).status).toBe(200);
  });

  it("wrong bytes under an oid are never visible nor committable; an honest upload afterwards works", async () => {
    const honest = randomBytes(2 * MiB);
    const oid = sha(honest);
    const poison = randomBytes(honest.length);
    // the attacker stages other bytes under the oid in their own repo and in the victim's naming
    const [evil] = await batch("mallory/junk", "upload", [{ oid, size: honest.length }]);
    expect((await fetch(evil.actions!.upload!.href, { method: "PUT", body: poison })).status).toBe(200);
    expect((await verify(evil.actions!.verify!, oid, honest.length)).status).toBe(422);
    expect(await store.stat(oid)).toBeUndefined();
    // staged again and committed straight away, without verify: refused, still invisible
    const [again] = await batch("mallory/junk", "upload", [{ oid, size: honest.length }]);
    await fetch(again.actions!.upload!.href, { method: "PUT", body: poison });
    expect((await commit("mallory/junk", "x.bin", oid, honest.length)).status).toBe(422);
    expect(await store.stat(oid)).toBeUndefined();
    // poisoned parts of a multipart upload are refused at completion
    const big = randomBytes(6 * MiB);
    const bigOid = sha(big);
    const [multi] = await batch("mallory/junk", "upload", [{ oid: bigOid, size: big.length }], ["multipart"]);
    const header = multi.actions!.upload!.header!;
    const parts = [];
    for (const part of ["1", "2"]) {
      const slice = randomBytes(part === "1" ? 5 * MiB : MiB);
      const put = await fetch(header[part], { method: "PUT", body: slice });
      parts.push({ partNumber: Number(part), etag: put.headers.get("ETag") ?? "" });
    }
    const completion = await fetch(multi.actions!.upload!.href, {
      method: "POST",
      headers: LFS,
      body: JSON.stringify({ oid: bigOid, parts }),
    });
    expect(completion.status).toBe(422);
    expect(await store.stat(bigOid)).toBeUndefined();

    // the victim is still asked for the bytes, and their honest upload lands
    const [victim] = await batch("alice/weights", "upload", [{ oid, size: honest.length }]);
    expect(victim.actions?.upload).toBeDefined();
    expect((await fetch(victim.actions!.upload!.href, { method: "PUT", body: honest })).status).toBe(200);
    expect((await verify(victim.actions!.verify!, oid, honest.length)).status).toBe(200);
    expect((await commit("alice/weights", "honest.bin", oid, honest.length)).status).toBe(200);
    const served = await fetch(`${server.url}/alice/weights/resolve/main/honest.bin`);
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(oid);
  });

  it("@huggingface/hub uploads (multipart) and downloads through the redirects", async () => {
    const repo = { type: "model" as const, name: "alice/weights" };
    const big = randomBytes(11 * MiB);
    const bigSha = sha(big);
    await uploadFiles({
      repo,
      accessToken: "hf_alice",
      hubUrl: server.url,
      useXet: false,
      files: [
        { path: "weights/model.safetensors", content: new Blob([big]) },
        { path: "config.json", content: new Blob(['{"model_type":"llama"}']) },
      ],
    });
    expect(await store.stat(bigSha)).toBe(big.length);
    const info = await fileDownloadInfo({
      repo,
      path: "weights/model.safetensors",
      hubUrl: server.url,
      accessToken: "hf_alice",
    });
    expect(info?.size).toBe(big.length);
    const blob = await downloadFile({
      repo,
      path: "weights/model.safetensors",
      hubUrl: server.url,
      accessToken: "hf_alice",
    });
    expect(sha(Buffer.from(await blob!.arrayBuffer()))).toBe(bigSha);
    const slice = await blob!.slice(10, 20).arrayBuffer();
    expect(Buffer.from(slice)).toEqual(big.subarray(10, 20));
  });

  it.skipIf(!hasGitLfs())("git-lfs push and clone go straight to the bucket", async () => {
    const work = await makeGitHome("s3-git-", "Alice", "alice@example.com");
    try {
      const repo = hub.platform.add("model", "alice/pushed");
      await hub.content.init(repo);
      const url = `${server.url}/alice/pushed`.replace("http://", "http://user:hf_alice@");
      const clone = join(work, "pushed");
      expect((await gitCli(["clone", "--quiet", url, clone], work, work)).code).toBe(0);
      const weights = randomBytes(6 * MiB);
      await writeFile(join(clone, "model.bin"), weights);
      await gitCli(["add", "."], clone, work);
      await gitCli(["commit", "-qm", "weights via git"], clone, work);
      const push = await gitCli(["push", "origin", "main"], clone, work);
      expect(push.code, push.stderr).toBe(0);
      expect(await store.stat(sha(weights))).toBe(weights.length);
      const second = join(work, "pushed-2");
      const cloned = await gitCli(["clone", "--quiet", url, second], work, work);
      expect(cloned.code, cloned.stderr).toBe(0);
      expect((await readFile(join(second, "model.bin"))).equals(weights)).toBe(true);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it("garbage collection deletes unreferenced objects in the bucket and keeps referenced ones", async () => {
    const orphan = randomBytes(1000);
    const orphanOid = sha(orphan);
    const [answer] = await batch("alice/weights", "upload", [{ oid: orphanOid, size: orphan.length }]);
    await fetch(answer.actions!.upload!.href, { method: "PUT", body: orphan });
    expect((await verify(answer.actions!.verify!, orphanOid, orphan.length)).status).toBe(200);
    const referenced = [];
    for await (const blob of store.list()) if (blob.oid !== orphanOid) referenced.push(blob.oid);
    const report = await collectGarbage({ dataDir: hub.dataDir, graceMs: 0, blobs: store });
    expect(report.errors).toEqual([]);
    expect(report.lfs.deleted).toBeGreaterThanOrEqual(1);
    expect(await store.stat(orphanOid)).toBeUndefined();
    for (const oid of referenced) expect(await store.stat(oid)).toBeDefined();
  });
});
