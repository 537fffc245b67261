import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { jsonCompression } from "../../src/http/middleware/json-compression.js";

const app = new Hono();
app.use("*", jsonCompression());
app.get("/small", (c) => c.json({ word: "café-✓" }));
app.get("/typed", (c) =>
  c.json({ ok: true }, 201, { "Content-Type": "application/problem+json", "X-Extra": "1" }),
);
app.get("/big", (c) => c.json({ rows: Array.from({ length: 300 }, (_, i) => ({ i, text: "compress me" })) }));

const gzip = { "Accept-Encoding": "gzip" };

describe("JSON answers to clients that take gzip", () => {
  it("state their length in bytes when they stay plain", async () => {
    const res = await app.request("/small", { headers: gzip });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify({ word: "café-✓" })));
    expect(JSON.parse(Buffer.from(bytes).toString())).toEqual({ word: "café-✓" });
  });

  it("keep the status and headers the handler gave", async () => {
    const res = await app.request("/typed", { headers: gzip });
    expect(res.status).toBe(201);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("X-Extra")).toBe("1");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("are gzipped from 1 KiB on, without the plain length", async () => {
    const res = await app.request("/big", { headers: gzip });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Content-Length")).toBeNull();
    const rows = (
      JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()) as { rows: unknown[] }
    ).rows;
    expect(rows).toHaveLength(300);
  });

  it("and to clients that take none, the answer is as the handler made it", async () => {
    const res = await app.request("/big");
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(((await res.json()) as { rows: unknown[] }).rows).toHaveLength(300);
  });
});
