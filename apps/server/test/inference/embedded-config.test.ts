import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, resolveConfig } from "../../src/config/config.js";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { postJson } from "../platform/helpers/test-hub.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";
import { errorOf } from "./helpers/responses.js";

describe("embedded backend entries of MODELHUB_INFERENCE_CONFIG", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-embedded-config-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const configWith = (backend: Record<string, unknown>) => {
    const file = path.join(dir, "inference.json");
    fs.writeFileSync(file, JSON.stringify({ backends: [{ name: "local", kind: "embedded", ...backend }] }));
    return resolveConfig({ data: dir }, { MODELHUB_INFERENCE_CONFIG: file });
  };

  it("applies the defaults and knows each model by its hub id", () => {
    const [backend] = configWith({ models: { "acme/Tiny-GGUF": "auto" } }).inference!.backends;
    expect(backend).toMatchObject({
      name: "local",
      kind: "embedded",
      models: { "acme/Tiny-GGUF": "acme/Tiny-GGUF" },
      timeoutMs: 120_000,
      embedded: { files: { "acme/tiny-gguf": "auto" }, maxLoadedModels: 2, concurrency: 1, maxQueue: 16 },
    });
    expect(backend.embedded?.maxMemoryBytes).toBeUndefined();
    const [bounded] = configWith({ models: { "acme/t": "q/t-Q8_0.gguf" }, maxMemoryMB: 512 }).inference!
      .backends;
    expect(bounded.embedded).toMatchObject({
      files: { "acme/t": "q/t-Q8_0.gguf" },
      maxMemoryBytes: 512 * 1048576,
    });
  });

  it.each([
    [{ models: { "acme/t": "weights.bin" } }, /backends\[0\]\.models.*\.gguf file of the repo or "auto"/],
    [{ models: {} }, /backends\[0\]\.models: must map at least one hub model id/],
    [{ models: { "acme/t": "auto" }, baseUrl: "http://x" }, /backends\[0\].*baseUrl/],
    [{ models: { "acme/t": "auto" }, concurrency: 0 }, /backends\[0\]\.concurrency/],
  ])("refuses %j with one line", (backend, message) => {
    expect(() => configWith(backend)).toThrow(ConfigError);
    expect(() => configWith(backend)).toThrow(message);
  });
});

describe("an embedded backend from the config file", () => {
  let e: EmbeddedHub;
  beforeAll(async () => {
    e = await startEmbeddedHub("sqlite", {
      backends: [
        {
          name: "local",
          kind: "embedded",
          models: {
            [TINY_CHAT_MODEL_ID]: "tiny-llama-chat-F32.gguf",
            "acme/no-weights": "missing.gguf",
            "acme/broken-GGUF": "auto",
          },
          maxQueue: 4,
          threads: 1,
        },
      ],
    });
    await insertRepo(e.hub.services, { id: "acme/no-weights" });
    const broken = "not a GGUF file at all, ".repeat(40);
    await importCatalogue(
      { services: e.hub.services, content: e.hub.content, logger: e.hub.logger },
      {
        users: [],
        orgs: [],
        repos: [
          {
            type: "model",
            id: "acme/broken-GGUF",
            files: [{ path: "broken-Q4_K_M.gguf", content: broken }],
            likes: 0,
            downloads: 0,
          },
        ],
        providerMappings: [],
      },
    );
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("serves the named file, also as owner/name:backend, and replaces the default backend", async () => {
    const client = new OpenAI({ apiKey: e.alice, baseURL: `${e.hub.url}/v1` });
    for (const model of [TINY_CHAT_MODEL_ID, `${TINY_CHAT_MODEL_ID}:local`]) {
      const answer = await client.chat.completions.create({
        model,
        messages: [{ role: "user", content: "hi" }],
        max_tokens: 3,
      });
      expect(answer.usage?.completion_tokens).toBeGreaterThan(0);
    }
    const other = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: `${TINY_CHAT_MODEL_ID}:embedded`, messages: [{ role: "user", content: "hi" }] },
      e.alice,
    );
    expect(other.status).toBe(404);
  });

  it("answers 503 naming what is missing when the repo has no such GGUF", async () => {
    const response = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: "acme/no-weights", messages: [{ role: "user", content: "hi" }] },
      e.alice,
    );
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe(
      "Embedded inference backend cannot serve it: model acme/no-weights has no GGUF file missing.gguf stored in LFS",
    );
    // One model it cannot serve says nothing about the backend: it stays live for the others.
    const backends = (await (await fetch(`${e.hub.url}/api/inference/backends`)).json()) as {
      status: string;
    }[];
    expect(backends).toEqual([
      expect.objectContaining({ name: "local", status: "live" }),
      expect.objectContaining({ name: "onnx", status: "live" }),
    ]);
  });

  it("answers 503 naming the model when llama.cpp refuses its GGUF, and keeps serving the others", async () => {
    const response = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: "acme/broken-GGUF", messages: [{ role: "user", content: "hi" }] },
      e.alice,
    );
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatch(/^Embedded inference backend cannot load acme\/broken-GGUF: /);
    const fine = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: TINY_CHAT_MODEL_ID, messages: [{ role: "user", content: "hi" }], max_tokens: 2 },
      e.alice,
    );
    expect(fine.status).toBe(200);
  });
});
