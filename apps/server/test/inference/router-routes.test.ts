import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS } from "../platform/helpers/test-hub.js";
import { MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";
import { answerOf, errorOf } from "./helpers/responses.js";
import { usageRows } from "./helpers/usage-rows.js";

const MESSAGES = [{ role: "user", content: "Say hello" }];

describe.each(DIALECTS)("the router's per-backend and per-model addresses on the hub (%s)", (dialect) => {
  let g: GatewayHub;
  const post = (path: string, body: unknown, token: string | null = g.alice) =>
    fetch(`${g.hub.url}${path}`, {
      method: "POST",
      headers: { ...(token ? bearer(token) : {}), "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    g = await startGatewayHub(dialect);
  });
  afterAll(async () => {
    await g?.stop();
  });

  it("POST /{backend}/v1/chat/completions pins that backend", async () => {
    const res = await post("/fake/v1/chat/completions", { model: MODELS.chat, messages: MESSAGES });
    expect(res.status).toBe(200);
    expect(await answerOf(res)).toBe("Hello from tiny");
    const rows = await usageRows(g.hub);
    expect(rows.at(-1)).toMatchObject({ backend: "fake", model: MODELS.chat, status: 200 });
    // a name that is no backend is not this route's: nothing answers it as a completion
    expect(
      (await post("/nobody/v1/chat/completions", { model: MODELS.chat, messages: MESSAGES })).status,
    ).toBe(404);
    const missing = await post("/fake/v1/chat/completions", { messages: MESSAGES });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toContain('"model" is required');
  });

  it("POST /hf-inference/models/{id}/v1/chat/completions and …/v1/completions call the model of the path", async () => {
    const chat = await post(`/hf-inference/models/${MODELS.chat}/v1/chat/completions`, {
      messages: MESSAGES,
    });
    expect(chat.status).toBe(200);
    expect(await answerOf(chat)).toBe("Hello from tiny");
    const other = await post(`/hf-inference/models/${MODELS.chat}/v1/chat/completions`, {
      model: "someone/else",
      messages: MESSAGES,
    });
    expect(other.status).toBe(200);
    const completion = await post(`/hf-inference/models/${MODELS.chat}/v1/completions`, { prompt: "Once" });
    expect(completion.status).toBe(200);
    expect(((await completion.json()) as { choices: { text: string }[] }).choices[0].text).toBe(
      "Hello from tiny",
    );
    const pinned = await post(`/hf-inference/models/${MODELS.chat}/v1/completions`, {
      model: `${MODELS.chat}:nope`,
      prompt: "Once",
    });
    expect(pinned.status).toBe(404);
    expect(await errorOf(pinned)).toContain('No inference backend is named "nope"');
  });

  it("POST /hf-inference/models/{id} answers the text-generation task API", async () => {
    const res = await post(`/hf-inference/models/${MODELS.chat}`, {
      inputs: "Once upon a time",
      parameters: { max_new_tokens: 8, temperature: 0.5, return_full_text: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ generated_text: "Once upon a timeHello from tiny" }]);
    const plain = await post(`/hf-inference/models/${MODELS.chat}`, { inputs: "Hi" });
    expect(await plain.json()).toEqual([{ generated_text: "Hello from tiny" }]);
  });

  it("refuses bad bodies with 400, anonymous callers with 401, unreadable models with 404", async () => {
    const cases: [string, unknown, number, string][] = [
      [`/hf-inference/models/${MODELS.chat}`, {}, 400, '"inputs" is required'],
      [`/hf-inference/models/${MODELS.chat}`, { inputs: "x", stream: true }, 400, "Streaming is not offered"],
      [`/hf-inference/models/${MODELS.chat}`, { inputs: "x", parameters: [1] }, 400, '"parameters" must be'],
      [`/hf-inference/models/${MODELS.chat}`, "[1,2]", 400, "must be a JSON object"],
      [`/hf-inference/models/${MODELS.chat}`, "{nope", 400, "valid JSON"],
      [
        `/hf-inference/models/${MODELS.chat}/v1/chat/completions`,
        { model: 1 },
        400,
        '"messages" is required',
      ],
      [`/hf-inference/models/${MODELS.privateChat}`, { inputs: "x" }, 404, "was not found"],
      [`/hf-inference/models/${MODELS.unserved}`, { inputs: "x" }, 404, "not served"],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(path, body, g.bob);
      expect([path, res.status]).toEqual([path, status]);
      expect(await errorOf(res)).toContain(message);
    }
    const anonymous = await post(`/hf-inference/models/${MODELS.chat}`, { inputs: "x" }, null);
    expect(anonymous.status).toBe(401);
    const tooBig = await post(`/hf-inference/models/${MODELS.chat}`, {
      inputs: "x".repeat(17 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
  });
});
