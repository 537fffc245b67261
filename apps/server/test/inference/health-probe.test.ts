import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiModelsProbe } from "../../src/inference/health/probe.js";
import type { BackendSettings } from "../../src/inference/settings.js";

describe("the openai-compatible health probe (GET /models)", () => {
  let server: Server;
  let base = "";
  const seenKeys: (string | undefined)[] = [];
  beforeAll(async () => {
    // The path picks the answer: /<status>/v1/models, or /hang/v1/models.
    server = createServer((req, res) => {
      seenKeys.push(req.headers.authorization);
      const first = (req.url ?? "").split("/")[1];
      if (first === "hang") return;
      res.writeHead(Number(first), { "Content-Type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const backend = (prefix: string, baseUrl = `${base}/${prefix}/v1`): BackendSettings => ({
    name: "b",
    kind: "openai-compatible",
    baseUrl,
    apiKey: "sk-probe",
    models: { "a/b": "m" },
    timeoutMs: 1000,
  });

  it("counts an answer as healthy unless it is a 5xx or a refused key", async () => {
    expect(await openAiModelsProbe(backend("200"), 1000)).toMatchObject({ ok: true });
    expect(await openAiModelsProbe(backend("404"), 1000)).toMatchObject({ ok: true });
    expect(await openAiModelsProbe(backend("401"), 1000)).toMatchObject({
      ok: false,
      error: "HTTP 401 from GET /models",
    });
    expect(await openAiModelsProbe(backend("503"), 1000)).toMatchObject({
      ok: false,
      error: "HTTP 503 from GET /models",
    });
    expect(seenKeys.every((key) => key === "Bearer sk-probe")).toBe(true);
  });

  it("names a timeout and a refused connection without the address", async () => {
    const hang = await openAiModelsProbe(backend("hang"), 100);
    expect(hang).toMatchObject({ ok: false, error: "no answer within 100 ms" });
    expect(hang.latencyMs).toBeGreaterThanOrEqual(90);
    expect(await openAiModelsProbe(backend("", "http://127.0.0.1:1/v1"), 500)).toMatchObject({
      ok: false,
      error: "connection failed",
    });
  });
});
