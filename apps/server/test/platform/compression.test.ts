import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body arrives as sent (fetch would decode it and hide what went over the wire). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Text that compresses well and is far above every threshold. */
const BIG_TEXT = Array.from({ length: 2000 }, (_, i) => `{"line": ${i}, "text": "compress me"}`).join("\n");

describe("compression: precompressed web assets, gzip for large JSON, never for file bodies", () => {
  let hub: TestHub;
  let webDir = "";
  let token = "";
  const APP_JS = `console.log(${JSON.stringify(BIG_TEXT)});`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "modelhub-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>ModelHub</title>");
    fs.mkdirSync(path.join(webDir, "assets"));
    const asset = path.join(webDir, "assets", "app-abc.js");
    // what the web build's precompress step leaves beside each asset
    fs.writeFileSync(asset, APP_JS);
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(APP_JS));
    fs.writeFileSync(`${asset}.gz`, gzipSync(APP_JS));
    fs.writeFileSync(path.join(webDir, "assets", "plain-abc.css"), "body{}");
    hub = await startTestHub({ env: { MODELHUB_WEB_DIR: webDir } });
    token = await hub.tokenFor("zoe");
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "squeeze" }, token)).status).toBe(200);
    const ndjson = [
      { key: "header", value: { summary: "a large compressible file" } },
      {
        key: "file",
        value: { path: "data.json", content: Buffer.from(BIG_TEXT).toString("base64"), encoding: "base64" },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const commit = await fetch(`${hub.url}/api/models/zoe/squeeze/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: ndjson,
    });
    expect(commit.status).toBe(200);
  });
  afterAll(async () => {
    await hub?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
  ])("Accept-Encoding %s → the %s copy of the asset, same type and caching", async (accept, encoding) => {
    const res = await raw(`${hub.url}/assets/app-abc.js`, { "Accept-Encoding": accept });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    const decoded = encoding === "br" ? brotliDecompressSync(res.body) : gunzipSync(res.body);
    expect(decoded.toString()).toBe(APP_JS);
  });

  it("sends the plain asset to clients that accept no encoding, and files without copies as they are", async () => {
    const plain = await raw(`${hub.url}/assets/app-abc.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(APP_JS);
    const css = await raw(`${hub.url}/assets/plain-abc.css`, { "Accept-Encoding": "br, gzip" });
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe("body{}");
  });

  it("gzips JSON API answers of 1 KiB and more, leaves small ones and HEAD alone", async () => {
    const tasks = await raw(`${hub.url}/api/tasks`, { "Accept-Encoding": "gzip, br" });
    expect(tasks.status).toBe(200);
    expect(tasks.headers["content-encoding"]).toBe("gzip");
    expect(tasks.headers["vary"]).toMatch(/Accept-Encoding/i);
    // the length stated for the JSON before compressing must not survive it
    expect(tasks.headers["content-length"] ?? String(tasks.body.length)).toBe(String(tasks.body.length));
    const decoded = gunzipSync(tasks.body);
    expect(decoded.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded.toString())).toHaveProperty("text-generation");

    const small = await raw(`${hub.url}/api/whoami-v2`, { "Accept-Encoding": "gzip", ...bearer(token) });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    // stated by the JSON answer itself (the threshold is judged without reading the body back)
    expect(small.headers["content-length"]).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString())).toMatchObject({ name: "zoe" });

    const head = await raw(`${hub.url}/api/models/zoe/squeeze`, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();

    const identity = await raw(`${hub.url}/api/models/zoe/squeeze`);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect((JSON.parse(identity.body.toString()) as { id: string }).id).toBe("zoe/squeeze");
  });

  it("never compresses file downloads: full, ranged and HEAD keep their bytes, length and strong ETag", async () => {
    const url = `${hub.url}/zoe/squeeze/resolve/main/data.json`;
    const plain = await raw(url);
    const full = await raw(url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(full.status).toBe(200);
    expect(full.headers["content-encoding"]).toBeUndefined();
    expect(full.body.toString()).toBe(BIG_TEXT);
    expect(Number(full.headers["content-length"])).toBe(Buffer.byteLength(BIG_TEXT));
    expect(full.headers["etag"]).toBe(plain.headers["etag"]);
    expect(full.headers["etag"]).not.toMatch(/^W\//);

    const ranged = await raw(url, { "Accept-Encoding": "gzip, br", Range: "bytes=0-99" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers["content-encoding"]).toBeUndefined();
    expect(ranged.body.toString()).toBe(BIG_TEXT.slice(0, 100));

    const head = await raw(url, { "Accept-Encoding": "gzip, br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(BIG_TEXT));
  });
});
