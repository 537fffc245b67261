import { InferenceClient } from "@huggingface/inference";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson } from "../platform/helpers/test-hub.js";
import { errorOf, answerOf, type ModelList } from "./helpers/responses.js";
import { BACKEND_KEY, MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";

const MESSAGES = [{ role: "user" as const, content: "Say hello" }];

describe.each(DIALECTS)("inference gateway: routes and clients (%s)", (dialect) => {
  let g: GatewayHub;
  beforeAll(async () => {
    g = await startGatewayHub(dialect);
  });
  afterAll(async () => {
    await g?.stop();
  });

  it("lists the served models a caller may read, in the OpenAI list shape", async () => {
    const mine = (await (
      await fetch(`${g.hub.url}/v1/models`, { headers: bearer(g.alice) })
    ).json()) as ModelList;
    expect(mine.object).toBe("list");
    const ids = (mine.data as { id: string; object: string; owned_by: string }[]).map((m) => m.id);
    expect(ids).toContain(MODELS.chat);
    expect(ids).toContain(MODELS.privateChat);
    expect(ids).not.toContain(MODELS.unserved);
    expect(mine.data.find((m: { id: string }) => m.id === MODELS.chat)).toMatchObject({
      object: "model",
      owned_by: "acme",
    });

    const bobs = (await (
      await fetch(`${g.hub.url}/v1/models`, { headers: bearer(g.bob) })
    ).json()) as ModelList;
    expect((bobs.data as { id: string }[]).map((m) => m.id)).not.toContain(MODELS.privateChat);
  });

  it("never shows backend URLs or keys", async () => {
    const text = await (await fetch(`${g.hub.url}/v1/models`, { headers: bearer(g.alice) })).text();
    expect(text).not.toContain(BACKEND_KEY);
    expect(text).not.toContain("127.0.0.1");
  });

  it("answers 401 to anonymous calls and to unknown tokens", async () => {
    expect((await fetch(`${g.hub.url}/v1/models`)).status).toBe(401);
    const anonymous = await postJson(`${g.hub.url}/v1/chat/completions`, {
      model: MODELS.chat,
      messages: MESSAGES,
    });
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toMatch(/authenticated/);
    const unknown = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: MODELS.chat, messages: MESSAGES },
      "hf_unknown",
    );
    expect(unknown.status).toBe(401);
  });

  it("answers 404 naming the model for unknown, unserved and unreadable models and unknown backends", async () => {
    const cases: [string, RegExp][] = [
      ["nobody/nothing", /nobody\/nothing was not found/],
      [MODELS.unserved, /acme\/unserved is not served by any inference backend/],
      [MODELS.privateChat, /alice\/private-chat was not found/],
      [`${MODELS.chat}:elsewhere`, /No inference backend is named "elsewhere"/],
    ];
    for (const [model, message] of cases) {
      const response = await postJson(
        `${g.hub.url}/v1/chat/completions`,
        { model, messages: MESSAGES },
        g.bob,
      );
      expect(response.status, model).toBe(404);
      expect(await errorOf(response)).toMatch(message);
    }
  });

  it("answers 400 to bodies without a model or messages", async () => {
    const noModel = await postJson(`${g.hub.url}/v1/chat/completions`, { messages: MESSAGES }, g.bob);
    expect(noModel.status).toBe(400);
    expect(await errorOf(noModel)).toMatch(/"model" is required/);
    const noMessages = await postJson(`${g.hub.url}/v1/chat/completions`, { model: MODELS.chat }, g.bob);
    expect(noMessages.status).toBe(400);
    const notJson = await fetch(`${g.hub.url}/v1/chat/completions`, {
      method: "POST",
      headers: { ...bearer(g.bob), "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  it("forwards with the backend's model name and key (fetch, not streamed, backend named)", async () => {
    const response = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: `${MODELS.chat}:fake`, messages: MESSAGES, max_tokens: 5 },
      g.bob,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    expect(body.choices[0].message.content).toBe("Hello from tiny");
    const seen = g.backend.requests.at(-1)!;
    expect(seen.body).toMatchObject({ model: "tiny", max_tokens: 5, messages: MESSAGES });
    expect(seen.authorization).toBe(`Bearer ${BACKEND_KEY}`);
  });

  it("serves @huggingface/inference with the hub as endpoint, streamed and not", async () => {
    const client = new InferenceClient(g.bob, { endpointUrl: g.hub.url });
    const answer = await client.chatCompletion({ model: MODELS.chat, messages: MESSAGES });
    expect(answer.choices[0].message.content).toBe("Hello from tiny");

    let text = "";
    for await (const chunk of client.chatCompletionStream({ model: MODELS.chat, messages: MESSAGES }))
      text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe("Hello from tiny");
    expect(g.backend.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
  });

  it("serves the official openai client with base_url = hub/v1, streamed and not", async () => {
    const client = new OpenAI({ apiKey: g.bob, baseURL: `${g.hub.url}/v1` });
    const answer = await client.chat.completions.create({ model: MODELS.chat, messages: MESSAGES });
    expect(answer.choices[0].message.content).toBe("Hello from tiny");

    const stream = await client.chat.completions.create({
      model: MODELS.chat,
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe("Hello from tiny");
    expect(usage?.total_tokens).toBe(10);

    // Not asked for, the usage chunk is not sent (the hub still asks the backend, to count): every
    // chunk has a choice, so the usual `chunk.choices[0]` loops work.
    const plain = await client.chat.completions.create({
      model: MODELS.chat,
      messages: MESSAGES,
      stream: true,
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of plain) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.choices.length > 0 && !chunk.usage)).toBe(true);
    expect(g.backend.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });

    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain(MODELS.chat);

    const completion = await client.completions.create({ model: MODELS.chat, prompt: "Once" });
    expect(completion.choices[0].text).toBe("Hello from tiny");
    expect(g.backend.requests.at(-1)!.path).toBe("/v1/completions");
  });

  it("keeps the gate of gated models: 403 without granted access, members of the owner pass", async () => {
    const refused = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: MODELS.gated, messages: MESSAGES },
      g.bob,
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get("X-Error-Code")).toBe("GatedRepo");
    expect(await errorOf(refused)).toMatch(/Access to model acme\/gated-chat is restricted/);
    const member = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: MODELS.gated, messages: MESSAGES },
      g.alice,
    );
    expect(member.status).toBe(200);
  });

  it("lets the owner of a private model call it", async () => {
    const response = await postJson(
      `${g.hub.url}/v1/chat/completions`,
      { model: MODELS.privateChat, messages: MESSAGES },
      g.alice,
    );
    expect(response.status).toBe(200);
    expect(await answerOf(response)).toBe("Hello from private");
  });
});
