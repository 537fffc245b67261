import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3BlobStore } from "../../src/content/blobs/s3/s3-blob-store.js";
import { s3SettingsFrom } from "../../src/content/blobs/s3/s3-settings.js";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { getJson, viewerUrl } from "../datasets/helpers.js";
import { importDemoModel } from "../inference/helpers/embedded-hub.js";
import { randomFile, seedModel } from "../mirror/seed-upstream.js";
import { bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { cephMissing, sharedCeph, type CephCluster } from "./ceph-cluster.js";

const missing = cephMissing();
if (missing) console.warn(`skipping in-process readers on S3: ${missing}`);

const UPSTREAM_ADMIN = "hf_upstreamadmin0000000000000000000000";
const LFS = { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" };

describe.skipIf(missing !== undefined)("in-process readers of LFS files on a hub on S3 (Ceph RGW)", () => {
  let ceph: CephCluster;
  let hub: TestHub;
  let alice: string;

  beforeAll(async () => {
    ceph = await sharedCeph();
    hub = await startTestHub({ env: { ...ceph.env, MODELHUB_BLOB_STORE: "s3://readers-hub/lfs" } });
    alice = await hub.tokenFor("alice");
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    await ceph?.stop();
  }, 60_000);

  it("the embedded llama.cpp backend answers a chat completion from a GGUF held in S3", async () => {
    await importDemoModel(hub);
    const ask = () =>
      postJson(
        `${hub.url}/v1/chat/completions`,
        { model: TINY_CHAT_MODEL_ID, messages: [{ role: "user", content: "hello" }], max_tokens: 8 },
        alice,
      );
    const first = await ask();
    expect(first.status, await first.clone().text()).toBe(200);
    const body = (await first.json()) as { choices: { message: { content: string } }[] };
    expect(typeof body.choices[0].message.content).toBe("string");

    // one verified local copy under the data folder's tmp/cache, reused by the next load
    const cacheDir = path.join(hub.dataDir, "tmp", "cache", "blobs");
    const copies = fs.readdirSync(cacheDir);
    expect(copies).toHaveLength(1);
    const copy = path.join(cacheDir, copies[0]);
    expect(createHash("sha256").update(fs.readFileSync(copy)).digest("hex")).toBe(copies[0]);
    expect((await ask()).status).toBe(200);
    expect(fs.readdirSync(cacheDir)).toEqual(copies);
  }, 60_000);

  it("the dataset viewer converts a CSV stored in S3 and /datasets-server/rows answers", async () => {
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "table", organization: "alice", type: "dataset" },
      alice,
    );
    expect(created.status).toBe(200);
    const csv = Buffer.from("label,text\n0,good\n1,bad\n1,ugly\n");
    const oid = createHash("sha256").update(csv).digest("hex");
    const batch = await fetch(`${hub.url}/datasets/alice/table.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...LFS, ...bearer(alice) },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        objects: [{ oid, size: csv.length }],
      }),
    });
    expect(batch.status).toBe(200);
    const [object] = ((await batch.json()) as { objects: { actions: Record<string, { href: string }> }[] })
      .objects;
    expect((await fetch(object.actions.upload.href, { method: "PUT", body: csv })).status).toBe(200);
    const verified = await fetch(object.actions.verify.href, {
      method: "POST",
      headers: { ...LFS, ...bearer(alice) },
      body: JSON.stringify({ oid, size: csv.length }),
    });
    expect(verified.status).toBe(200);
    const commit = await fetch(`${hub.url}/api/datasets/alice/table/commit/main`, {
      method: "POST",
      headers: { "Content-Type": "application/x-ndjson", ...bearer(alice) },
      body: [
        { key: "header", value: { summary: "add train.csv" } },
        { key: "lfsFile", value: { path: "train.csv", algo: "sha256", oid, size: csv.length } },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    });
    expect(commit.status, await commit.clone().text()).toBe(200);
    await hub.datasetViewer?.queue.whenIdle();

    const { status, body } = await getJson<{ rows: { row: Record<string, unknown> }[] }>(
      viewerUrl(hub, "rows", { dataset: "alice/table", config: "default", split: "train" }),
      alice,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.rows.map((entry) => entry.row)).toEqual([
      { label: 0, text: "good" },
      { label: 1, text: "bad" },
      { label: 1, text: "ugly" },
    ]);
  }, 60_000);

  it("the pull-through mirror caches an upstream LFS file into S3 and serves it from there", async () => {
    const upstream = await startTestHub({ env: { MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN } });
    let mirror: TestHub | undefined;
    try {
      const file = randomFile("weights.bin", 2 * 1024 * 1024 + 3);
      await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/remote", [
        { path: file.path, content: file.bytes },
      ]);
      mirror = await startTestHub({
        env: {
          ...ceph.env,
          MODELHUB_BLOB_STORE: "s3://mirror-hub/lfs",
          MODELHUB_UPSTREAM_URL: upstream.url,
          MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
        },
      });
      const url = `${mirror.url}/admin/remote/resolve/main/${file.path}`;
      const first = await fetch(url);
      expect(first.status, first.status === 200 ? "" : await first.clone().text()).toBe(200);
      expect(
        createHash("sha256")
          .update(Buffer.from(await first.arrayBuffer()))
          .digest("hex"),
      ).toBe(file.sha256);
      // the object is in the bucket, checked by a client of its own; the next download needs no upstream
      // (stored once the verified bytes have reached every reader, so it may take a moment)
      const bucket = new S3BlobStore(s3SettingsFrom(ceph.env, "s3://mirror-hub/lfs")!);
      try {
        let stored = await bucket.stat(file.sha256);
        for (let i = 0; i < 100 && stored === undefined; i++) {
          await new Promise((r) => setTimeout(r, 100));
          stored = await bucket.stat(file.sha256);
        }
        expect(stored).toBe(file.bytes.length);
      } finally {
        bucket.client.destroy();
      }
      // the temp file the first download streamed from goes once that reader is done
      const temps = () =>
        fs.readdirSync(path.join(mirror!.dataDir, "tmp")).filter((n) => n.startsWith("mirror-"));
      for (let i = 0; i < 250 && temps().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(temps()).toEqual([]);
      await upstream.stop();
      const again = await fetch(url);
      expect(again.status).toBe(200);
      expect(
        createHash("sha256")
          .update(Buffer.from(await again.arrayBuffer()))
          .digest("hex"),
      ).toBe(file.sha256);
    } finally {
      await mirror?.stop();
      await upstream.stop().catch(() => undefined);
    }
  }, 60_000);
});
