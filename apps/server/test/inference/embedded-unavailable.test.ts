import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app.js";
import { defaultEmbeddedInference } from "../../src/inference/embedded/default-backend.js";
import type { LlamaBindingLoader } from "../../src/inference/embedded/llama-binding.js";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { bearer } from "../platform/helpers/test-hub.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";
import { eventually, usageRows } from "./helpers/usage-rows.js";

describe("embedded backend when llama.cpp cannot load", () => {
  let e: EmbeddedHub;
  beforeAll(async () => {
    e = await startEmbeddedHub("sqlite");
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("answers 503 saying why, logs it once, and records the call", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString("utf8")
            .split("\n")
            .filter((line) => line !== ""),
        );
        done();
      },
    });
    let attempts = 0;
    const failing: LlamaBindingLoader = () => {
      attempts++;
      return Promise.reject(new Error("simulated: libllama.so: cannot open shared object file\nmore detail"));
    };
    // An app over the hub's own services and storage, with a binding that never loads.
    const app = createApp({
      db: e.hub.services.hub.db,
      accounts: e.hub.services.accounts,
      repos: e.hub.services.repos,
      content: e.hub.content,
      publicUrl: e.hub.url,
      logger: pino({ level: "warn" }, sink),
      inference: defaultEmbeddedInference(),
      embeddedLlamaLoader: failing,
    });
    const ask = (stream: boolean) =>
      app.request("/v1/chat/completions", {
        method: "POST",
        headers: { ...bearer(e.alice), "Content-Type": "application/json" },
        body: JSON.stringify({
          model: TINY_CHAT_MODEL_ID,
          messages: [{ role: "user", content: "hi" }],
          stream,
        }),
      });
    for (const stream of [false, true]) {
      const response = await ask(stream);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error:
          "Embedded inference backend unavailable: simulated: libllama.so: cannot open shared object file",
      });
    }
    // The model exists, so the load was tried when the routes were built (start), and only then.
    expect(attempts).toBe(1);
    const logged = await eventually(
      async () => lines.filter((line) => line.includes("Embedded inference backend unavailable")),
      (found) => found.length > 0,
    );
    expect(logged).toHaveLength(1);
    const rows = (await usageRows(e.hub)).filter((row) => row.status === 503);
    expect(rows.map((row) => row.backend)).toEqual(["embedded", "embedded"]);
  });
});
