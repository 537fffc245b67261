import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";
import { usageRows } from "./helpers/usage-rows.js";

/** Hub A serves `front/chat` through hub B (an `openai-compatible` backend), which serves it through the fake backend. */
describe.each(DIALECTS)("another ModelHub as an openai-compatible backend (%s)", (dialect) => {
  let inner: GatewayHub;
  let outer: TestHub;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    inner = await startGatewayHub(dialect);
    const innerToken = await inner.hub.tokenFor("relay", "read");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-hub-backend-"));
    const configFile = path.join(dir, "inference.json");
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        backends: [
          {
            name: "inner-hub",
            kind: "openai-compatible",
            baseUrl: `${inner.hub.url}/v1`,
            apiKeyEnv: "INNER_HUB_TOKEN",
            models: { "front/chat": MODELS.chat, "front/missing": "acme/not-on-inner" },
          },
        ],
      }),
    );
    outer = await startTestHub({
      dialect,
      env: { MODELHUB_INFERENCE_CONFIG: configFile, INNER_HUB_TOKEN: innerToken },
    });
    token = await outer.tokenFor("carla");
    await insertRepo(outer.services, { id: "front/chat" });
    await insertRepo(outer.services, { id: "front/missing" });
  });
  afterAll(async () => {
    await outer?.stop();
    await inner?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers streamed and not, and both hubs record the call", async () => {
    const client = new OpenAI({ apiKey: token, baseURL: `${outer.url}/v1` });
    const answer = await client.chat.completions.create({
      model: "front/chat",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(answer.choices[0].message.content).toBe("Hello from tiny");

    let text = "";
    const stream = await client.chat.completions.create({
      model: "front/chat",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe("Hello from tiny");

    const outerRows = await usageRows(outer);
    expect(outerRows.map((row) => [row.user_name, row.model, row.backend, row.prompt_tokens])).toEqual([
      ["carla", "front/chat", "inner-hub", 7],
      ["carla", "front/chat", "inner-hub", 7],
    ]);
    const innerRows = await usageRows(inner.hub);
    expect(innerRows.map((row) => [row.user_name, row.model, row.status])).toEqual([
      ["relay", MODELS.chat, 200],
      ["relay", MODELS.chat, 200],
    ]);
  });

  it("passes the inner hub's 404 on, naming the backend and the inner model", async () => {
    const response = await fetch(`${outer.url}/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "front/missing:inner-hub", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe(
      'Inference backend "inner-hub" refused the request (HTTP 404): Model acme/not-on-inner was not found on this hub (or you cannot read it)',
    );
    expect((await usageRows(outer)).at(-1)).toMatchObject({ model: "front/missing", status: 404 });
  });
});
