import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app.js";
import { defaultEmbeddedInference } from "../../src/inference/embedded/default-backend.js";
import type { EmbeddingBackend } from "../../src/inference/embeddings/embedding-backend.js";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { TINY_CHAT_MODEL_ID, TINY_EMBEDDING_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { runnableCatalogue } from "../../src/seed/tiny-gguf/seeded-hubs.js";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { bearer, DIALECTS, postJson } from "../platform/helpers/test-hub.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";
import { errorOf } from "./helpers/responses.js";
import { usageRows } from "./helpers/usage-rows.js";

const MODEL = TINY_EMBEDDING_MODEL_ID;
const TEXTS = ["hello model hub", "the tiny embedding model", "hello model hub"];

const length = (vector: readonly number[]) => Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));

function decodeBase64(text: string): number[] {
  const bytes = Buffer.from(text, "base64");
  return [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)];
}

describe.each(DIALECTS)("POST /v1/embeddings on llama.cpp (%s)", (dialect) => {
  let e: EmbeddedHub;
  let client: OpenAI;
  beforeAll(async () => {
    e = await startEmbeddedHub(dialect);
    const { services, content, logger } = e.hub;
    await importCatalogue({ services, content, logger }, runnableCatalogue([MODEL]));
    client = new OpenAI({ apiKey: e.alice, baseURL: `${e.hub.url}/v1` });
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("answers the openai client with unit vectors, floats and base64 alike, and records the call", async () => {
    const floats = await client.embeddings.create({ model: MODEL, input: TEXTS, encoding_format: "float" });
    expect(floats.object).toBe("list");
    expect(floats.model).toBe(MODEL);
    expect(floats.data.map((d) => [d.object, d.index])).toEqual([
      ["embedding", 0],
      ["embedding", 1],
      ["embedding", 2],
    ]);
    for (const item of floats.data) {
      expect(item.embedding).toHaveLength(64);
      expect(length(item.embedding)).toBeCloseTo(1, 5);
    }
    expect(floats.data[2].embedding).toEqual(floats.data[0].embedding); // same text, same vector
    expect(floats.data[1].embedding).not.toEqual(floats.data[0].embedding);
    expect(floats.usage.prompt_tokens).toBeGreaterThan(3);
    expect(floats.usage.total_tokens).toBe(floats.usage.prompt_tokens);

    // Without encoding_format the client asks for base64 and decodes it itself.
    const decoded = await client.embeddings.create({ model: MODEL, input: TEXTS });
    decoded.data.forEach((item, i) => {
      item.embedding.forEach((value, j) => expect(value).toBeCloseTo(floats.data[i].embedding[j], 6));
    });

    const single = await client.embeddings.create({
      model: MODEL,
      input: TEXTS[1],
      encoding_format: "float",
    });
    expect(single.data).toHaveLength(1);
    expect(single.data[0].embedding).toEqual(floats.data[1].embedding);

    const rows = (await usageRows(e.hub)).filter((row) => row.route === "embeddings");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      user_name: "alice",
      model: MODEL,
      backend: "embedded",
      prompt_tokens: floats.usage.prompt_tokens,
      completion_tokens: 0,
      status: 200,
    });
  });

  it("sends base64 as little-endian float32 when asked in plain HTTP", async () => {
    const response = await postJson(
      `${e.hub.url}/v1/embeddings`,
      { model: MODEL, input: "hello", encoding_format: "base64" },
      e.alice,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { embedding: string }[] };
    expect(typeof body.data[0].embedding).toBe("string");
    const vector = decodeBase64(body.data[0].embedding);
    expect(vector).toHaveLength(64);
    expect(length(vector)).toBeCloseTo(1, 5);
  });

  it("refuses what it cannot honour with a 400 naming it, and keeps serving", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: MODEL }, /"input" is required/],
      [{ model: MODEL, input: [] }, /empty list/],
      [{ model: MODEL, input: [[1, 2, 3]] }, /token ids/],
      [{ model: MODEL, input: [1, 2, 3] }, /token ids/],
      [{ model: MODEL, input: ["ok", ""] }, /"input"\[1\] is empty/],
      [{ model: MODEL, input: "hi", dimensions: 32 }, /"dimensions".*64 dimensions/],
      [{ model: MODEL, input: "hi", encoding_format: "int8" }, /"encoding_format"/],
      [{ model: MODEL, input: "hi", truncate: true }, /"truncate"/],
      [{ model: TINY_CHAT_MODEL_ID, input: "hi" }, /not an embedding model/],
      [{ model: MODEL, input: "hello ".repeat(600) }, /"input"\[0\] is \d+ tokens/],
    ];
    for (const [body, message] of cases) {
      const response = await postJson(`${e.hub.url}/v1/embeddings`, body, e.alice);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await errorOf(response)).toMatch(message);
    }
    expect((await postJson(`${e.hub.url}/v1/embeddings`, { model: MODEL, input: "hi" })).status).toBe(401);
    const missing = await postJson(
      `${e.hub.url}/v1/embeddings`,
      { model: "nobody/nothing", input: "hi" },
      e.alice,
    );
    expect(missing.status).toBe(404);
    const same = await postJson(
      `${e.hub.url}/v1/embeddings`,
      { model: MODEL, input: "hi", dimensions: 64 },
      e.alice,
    );
    expect(same.status).toBe(200);
  });

  it("lists the embedding model and publishes it for feature extraction", async () => {
    const list = (await (await fetch(`${e.hub.url}/v1/models`, { headers: bearer(e.alice) })).json()) as {
      data: { id: string }[];
    };
    expect(list.data.map((m) => m.id).sort()).toEqual([TINY_CHAT_MODEL_ID, MODEL].sort());
  });
});

/** Remembers what it was asked; embeds every text as [its length, 1]. */
class FakeEmbedder implements EmbeddingBackend {
  readonly calls: string[][] = [];
  constructor(
    readonly name: string,
    private readonly serves: string,
  ) {}
  async canEmbed(repoId: string) {
    return repoId.toLowerCase() === this.serves;
  }
  async embed(_repoId: string, inputs: string[]) {
    this.calls.push(inputs);
    return { vectors: inputs.map((text) => [text.length, 1]), promptTokens: inputs.length * 2 };
  }
}

describe("POST /v1/embeddings with a list of backends", () => {
  let e: EmbeddedHub;
  beforeAll(async () => {
    e = await startEmbeddedHub("sqlite");
    const { services, content, logger } = e.hub;
    await importCatalogue({ services, content, logger }, runnableCatalogue([MODEL]));
    await services.accounts.createOrg({ name: "acme", members: ["alice"] });
    await insertRepo(services, { id: "acme/fake-embedder" });
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("asks each backend in order: llama.cpp for GGUF embedders, the next one for its own models", async () => {
    const fake = new FakeEmbedder("fake-onnx", "acme/fake-embedder");
    const greedy = new FakeEmbedder("greedy", "acme/fake-embedder");
    const settings = defaultEmbeddedInference();
    settings.limits.requestsPerMinute = 4;
    const app = createApp({
      db: e.hub.services.hub.db,
      accounts: e.hub.services.accounts,
      repos: e.hub.services.repos,
      content: e.hub.content,
      publicUrl: e.hub.url,
      logger: e.hub.logger,
      inference: settings,
      embeddingBackends: [fake, greedy],
    });
    const client = new OpenAI({
      apiKey: e.alice,
      baseURL: "http://hub.test/v1",
      fetch: (url: RequestInfo | URL, init?: RequestInit) =>
        app.request(String(url).replace("http://hub.test", ""), init),
    });
    const answer = await client.embeddings.create(
      { model: "acme/fake-embedder", input: ["abc", "hello"], encoding_format: "float" },
      { headers: { "X-HF-Bill-To": "acme" } },
    );
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [3, 1],
      [5, 1],
    ]);
    expect(answer.usage).toEqual({ prompt_tokens: 4, total_tokens: 4 });
    expect(fake.calls).toEqual([["abc", "hello"]]);
    expect(greedy.calls).toEqual([]);
    const viaLlama = await client.embeddings.create({ model: MODEL, input: "hi", encoding_format: "float" });
    expect(viaLlama.data[0].embedding).toHaveLength(64);
    expect(fake.calls).toHaveLength(1);

    const rows = (await usageRows(e.hub)).filter((row) => row.route === "embeddings");
    expect(rows.map((row) => [row.backend, row.bill_to, row.prompt_tokens])).toEqual([
      ["fake-onnx", "acme", 4],
      ["embedded", null, viaLlama.usage.prompt_tokens],
    ]);

    // The chat gateway's rules: bill-to only for members, the per-minute limit shared.
    const other = await app.request("/v1/embeddings", {
      method: "POST",
      headers: { ...bearer(e.alice), "Content-Type": "application/json", "X-HF-Bill-To": "nope" },
      body: JSON.stringify({ model: MODEL, input: "hi" }),
    });
    expect(other.status).toBe(403);
    const call = () =>
      app.request("/v1/embeddings", {
        method: "POST",
        headers: { ...bearer(e.alice), "Content-Type": "application/json" },
        body: JSON.stringify({ model: "acme/fake-embedder", input: "hi" }),
      });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });
});
