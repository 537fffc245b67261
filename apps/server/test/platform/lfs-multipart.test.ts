import { createHash, randomBytes } from "node:crypto";
import { downloadFile, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const MiB = 1024 * 1024;
const LFS = "application/vnd.git-lfs+json";

interface UploadAction {
  href: string;
  header?: Record<string, string>;
}
interface BatchObject {
  oid: string;
  size: number;
  actions?: { upload?: UploadAction };
}

describe("multipart LFS uploads (1 MiB parts)", () => {
  let hub: TestHub;
  let token = "";
  const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

  const batch = async (oid: string, size: number, transfers = ["basic", "multipart"]) => {
    const res = await fetch(`${hub.url}/alice/parts.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...bearer(token), Accept: LFS, "Content-Type": LFS },
      body: JSON.stringify({ operation: "upload", transfers, objects: [{ oid, size }] }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { objects: BatchObject[] }).objects[0];
  };
  const put = (url: string, body: Buffer) => fetch(url, { method: "PUT", body });
  const complete = (href: string, oid: string, parts: { partNumber: number; etag: string }[]) =>
    fetch(href, {
      method: "POST",
      headers: { Accept: LFS, "Content-Type": LFS },
      body: JSON.stringify({ oid, parts }),
    });

  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_LFS_PART_MB: "1" } });
    token = await hub.tokenFor("alice");
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "parts" }, token)).status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("hands out one signed URL per part and a completion URL, only to clients that offer multipart", async () => {
    const data = randomBytes(2.5 * MiB);
    const object = await batch(sha256(data), data.length);
    const header = object.actions?.upload?.header ?? {};
    expect(header.chunk_size).toBe(String(MiB));
    expect(Object.keys(header).filter((k) => /^\d+$/.test(k))).toEqual(["1", "2", "3"]);
    expect(header["2"]).toMatch(/\/objects\/[0-9a-f]{64}\/2621440\/part\/2\?exp=\d+&sig=/);
    expect(object.actions?.upload?.href).toMatch(/\/complete\?exp=\d+&sig=/);
    expect((await batch(sha256(data), data.length, ["basic"])).actions?.upload?.header).toEqual({});
    const small = randomBytes(MiB);
    expect((await batch(sha256(small), small.length)).actions?.upload?.header).toEqual({});
  });

  it("takes parts in any order, lets a client probe what arrived, and joins them on completion", async () => {
    const data = randomBytes(2.5 * MiB);
    const oid = sha256(data);
    const object = await batch(oid, data.length);
    const header = object.actions?.upload?.header ?? {};
    expect((await fetch(header["2"], { method: "HEAD" })).status).toBe(404);
    const slices = [data.subarray(0, MiB), data.subarray(MiB, 2 * MiB), data.subarray(2 * MiB)];
    const answers = await Promise.all([3, 1, 2].map((n) => put(header[String(n)], slices[n - 1])));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const etags = new Map([3, 1, 2].map((n, i) => [n, answers[i].headers.get("ETag") ?? ""]));
    expect(etags.get(1)).toBe(`"${createHash("md5").update(slices[0]).digest("hex")}"`);
    const probe = await fetch(header["2"], { method: "HEAD" });
    expect(probe.status).toBe(200);
    expect(probe.headers.get("ETag")).toBe(etags.get(2));

    // a wrong ETag or a missing part is refused and keeps the parts for a retry
    const href = object.actions?.upload?.href ?? "";
    const parts = [1, 2, 3].map((n) => ({ partNumber: n, etag: etags.get(n) ?? "" }));
    const wrong = await complete(href, oid, [{ partNumber: 1, etag: '"nope"' }, ...parts.slice(1)]);
    expect(wrong.status).toBe(400);
    expect((await complete(href, oid, parts.slice(0, 2))).status).toBe(400);
    const done = await complete(href, oid, parts);
    expect(done.status).toBe(200);
    expect((await batch(oid, data.length)).actions).toBeUndefined(); // stored now

    const commit = [
      JSON.stringify({ key: "header", value: { summary: "weights" } }),
      JSON.stringify({ key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid, size: data.length } }),
    ].join("\n");
    const committed = await fetch(`${hub.url}/api/models/alice/parts/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: commit,
    });
    expect(committed.status).toBe(200);
    const back = Buffer.from(await (await fetch(`${hub.url}/alice/parts/resolve/main/w.bin`)).arrayBuffer());
    expect(back.equals(data)).toBe(true);
  });

  it("refuses parts of the wrong length or number, unsigned parts, and parts that do not hash to the oid", async () => {
    const data = randomBytes(2 * MiB + 10);
    const oid = sha256(data);
    const object = await batch(oid, data.length);
    const header = object.actions?.upload?.header ?? {};
    expect((await put(header["1"], randomBytes(MiB - 1))).status).toBe(400);
    expect((await put(header["3"], randomBytes(11))).status).toBe(400);
    expect((await put(header["1"].replace("/part/1?", "/part/4?"), randomBytes(10))).status).toBe(400);
    const unsigned = header["1"].split("?")[0];
    expect([401, 403]).toContain((await put(unsigned, randomBytes(MiB))).status);

    // right sizes, wrong bytes: the joined object fails its hash check and the parts are dropped
    const parts: { partNumber: number; etag: string }[] = [];
    for (const [n, length] of [
      [1, MiB],
      [2, MiB],
      [3, 10],
    ]) {
      const res = await put(header[String(n)], randomBytes(length));
      parts.push({ partNumber: n, etag: res.headers.get("ETag") ?? "" });
    }
    const res = await complete(object.actions?.upload?.href ?? "", oid, parts);
    expect(res.status).toBe(422);
    expect((await fetch(header["1"], { method: "HEAD" })).status).toBe(404);
  });

  it("the official JS client uploads a file in parts and downloads it back", async () => {
    const data = randomBytes(3 * MiB + 123);
    await uploadFiles({
      repo: "alice/parts",
      accessToken: token,
      hubUrl: hub.url,
      files: [{ path: "big.bin", content: new Blob([data]) }],
    });
    const blob = await downloadFile({
      repo: "alice/parts",
      path: "big.bin",
      hubUrl: hub.url,
      accessToken: token,
    });
    expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(data)).toBe(true);
  });
});
