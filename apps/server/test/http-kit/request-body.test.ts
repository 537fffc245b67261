import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError } from "../../src/domain/errors.js";
import { boundedBody } from "../../src/http-kit/body-limit.js";
import { clientGoneSignal } from "../../src/http-kit/client-gone.js";
import { jsonBody } from "../../src/offload/json-body.js";

/** A raw HTTP/1.1 request, so the test decides the framing (Content-Length or chunked). */
function send(
  port: number,
  body: string,
  framing: "length" | "chunked",
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/echo",
        headers: {
          "Content-Type": "application/json",
          ...(framing === "length" ? { "Content-Length": Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    if (framing === "chunked") {
      // two chunks: the counting path sees the body grow while it streams
      request.write(body.slice(0, Math.floor(body.length / 2)));
      request.end(body.slice(Math.floor(body.length / 2)));
    } else request.end(body);
  });
}

describe("request bodies read from the Node message: boundedBody, jsonBody, clientGoneSignal", () => {
  let server: ServerType;
  let port = 0;
  let aborted: Promise<string>;
  let markAborted: (reason: string) => void = () => undefined;

  beforeAll(async () => {
    const app = new Hono();
    app.onError((error, c) =>
      error instanceof HttpError
        ? c.json({ error: error.message }, error.status)
        : c.json({ error: String(error) }, 500),
    );
    app.post("/echo", boundedBody(64, "at most 64 bytes here"), async (c) =>
      c.json(await jsonBody(c, z.object({ text: z.string() }))),
    );
    app.post("/slow", async (c) => {
      const signal = clientGoneSignal(c);
      signal.addEventListener("abort", () => markAborted(String(signal.reason)));
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return c.json({ late: true });
    });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("parses a small body of either framing and refuses an oversized one with the route's message", async () => {
    for (const framing of ["length", "chunked"] as const) {
      const ok = await send(port, JSON.stringify({ text: "hello" }), framing);
      expect(ok.status, framing).toBe(200);
      expect(JSON.parse(ok.text)).toEqual({ text: "hello" });

      const big = await send(port, JSON.stringify({ text: "x".repeat(100) }), framing);
      expect(big.status, framing).toBe(413);
      expect(JSON.parse(big.text)).toEqual({ error: "at most 64 bytes here" });

      const bad = await send(port, '{"text": ', framing);
      expect(bad.status, framing).toBe(400);
      const wrong = await send(port, JSON.stringify({ text: 5 }), framing);
      expect(wrong.status, framing).toBe(400);
      expect(JSON.parse(wrong.text).error).toMatch(/Invalid request body: text/);
    }
  });

  it("signals a route whose client leaves before the answer", async () => {
    aborted = new Promise((resolve) => (markAborted = resolve));
    const controller = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/slow`, { method: "POST", signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect(aborted).resolves.toMatch(/Client connection prematurely closed/);
  });
});
