import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_CHAT_MODEL_ID } from "../../src/seed/tiny-gguf/demo-model.js";
import { bearer, DIALECTS, postJson } from "../platform/helpers/test-hub.js";
import { startEmbeddedHub, type EmbeddedHub } from "./helpers/embedded-hub.js";
import { errorOf, type ModelList } from "./helpers/responses.js";
import { eventually, usageRows } from "./helpers/usage-rows.js";

const MODEL = TINY_CHAT_MODEL_ID;
const MESSAGES = [
  { role: "system" as const, content: "You are a tiny demo model." },
  { role: "user" as const, content: "Say hello to the model hub" },
];

describe.each(DIALECTS)("embedded backend, out of the box (%s)", (dialect) => {
  let e: EmbeddedHub;
  let client: OpenAI;
  beforeAll(async () => {
    e = await startEmbeddedHub(dialect);
    client = new OpenAI({ apiKey: e.alice, baseURL: `${e.hub.url}/v1` });
  });
  afterAll(async () => {
    await e?.stop();
  });

  it("serves the demo tiny model with no config file", async () => {
    const list = (await (
      await fetch(`${e.hub.url}/v1/models`, { headers: bearer(e.alice) })
    ).json()) as ModelList;
    expect(list.data.map((m) => m.id)).toEqual([MODEL]);
    const backends = (await (await fetch(`${e.hub.url}/api/inference/backends`)).json()) as {
      name: string;
      kind: string;
    }[];
    expect(backends).toEqual([
      expect.objectContaining({ name: "embedded", kind: "embedded" }),
      expect.objectContaining({ name: "onnx", kind: "onnx" }),
    ]);
  });

  it("answers the openai client's chat call with real token counts, and records them", async () => {
    const answer = await client.chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
      max_tokens: 16,
      seed: 3,
    });
    expect(answer.object).toBe("chat.completion");
    expect(answer.choices[0].message.role).toBe("assistant");
    expect(typeof answer.choices[0].message.content).toBe("string");
    expect(["stop", "length"]).toContain(answer.choices[0].finish_reason);
    const usage = answer.usage!;
    expect(usage.prompt_tokens).toBeGreaterThan(10); // system + user turns in the ChatML template
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeLessThanOrEqual(16);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    const row = (await usageRows(e.hub)).at(-1);
    expect(row).toMatchObject({
      model: MODEL,
      backend: "embedded",
      route: "chat/completions",
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      status: 200,
    });
    expect(Boolean(row?.streamed)).toBe(false);
  });

  it("streams token by token through the openai client, ending with the usage chunk", async () => {
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
      max_tokens: 24,
      seed: 5,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let pieces = 0;
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta.content) {
        text += choice.delta.content;
        pieces++;
      }
      finish = choice.finish_reason ?? finish;
    }
    expect(pieces).toBeGreaterThan(1);
    expect(["stop", "length"]).toContain(finish);
    expect(usage?.completion_tokens).toBeGreaterThanOrEqual(pieces);
    expect(usage?.completion_tokens).toBeLessThanOrEqual(24);

    // The same seed gives the same text, streamed or not.
    const again = await client.chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
      max_tokens: 24,
      seed: 5,
    });
    expect(again.choices[0].message.content).toBe(text);

    const row = await eventually(
      async () => (await usageRows(e.hub)).at(-2),
      (r) => Boolean(r?.streamed),
    );
    expect(row).toMatchObject({
      backend: "embedded",
      status: 200,
      completion_tokens: usage?.completion_tokens,
    });
  });

  it("serves /v1/completions, honouring max_tokens and stop", async () => {
    const answer = await client.completions.create({
      model: MODEL,
      prompt: "the model hub",
      max_tokens: 8,
      seed: 1,
    });
    expect(answer.object).toBe("text_completion");
    expect(typeof answer.choices[0].text).toBe("string");
    expect(answer.usage?.prompt_tokens).toBe(4); // <s> ▁the ▁model ▁hub
    expect(answer.usage?.completion_tokens).toBeLessThanOrEqual(8);

    const stopped = await client.completions.create({
      model: MODEL,
      prompt: "the model hub",
      max_tokens: 64,
      seed: 2,
      stop: [" "],
    });
    expect(stopped.choices[0].text).not.toContain(" ");
    expect(stopped.choices[0].finish_reason).toBe("stop");

    const streamed = await client.completions.create({
      model: MODEL,
      prompt: "hello",
      max_tokens: 6,
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of streamed) if (chunk.usage) usage = chunk.usage;
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it("stops generating when the caller disconnects mid-stream; the next request is served", async () => {
    const controller = new AbortController();
    const response = await fetch(`${e.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { ...bearer(e.alice), "Content-Type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: MESSAGES, max_tokens: 400, stream: true }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);

    const left = await eventually(
      async () => (await usageRows(e.hub)).filter((row) => row.status === 499),
      (rows) => rows.length === 1,
    );
    expect(left).toHaveLength(1);
    // One generation at a time (the default): this one would wait behind a generation still running.
    const next = await client.chat.completions.create({ model: MODEL, messages: MESSAGES, max_tokens: 4 });
    expect(next.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it("answers 400 with the reason for what llama.cpp cannot honour", async () => {
    const hot = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      { model: MODEL, messages: MESSAGES, temperature: 5 },
      e.alice,
    );
    expect(hot.status).toBe(400);
    expect(await errorOf(hot)).toMatch(/"embedded".*temperature/);
    const image = await postJson(
      `${e.hub.url}/v1/chat/completions`,
      {
        model: MODEL,
        messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "data:," } }] }],
      },
      e.alice,
    );
    expect(image.status).toBe(400);
    expect(await errorOf(image)).toMatch(/only text content parts/);
  });
});
