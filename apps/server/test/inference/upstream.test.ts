import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInferenceSettings } from "../../src/inference/load-config.js";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";
import { usageRows } from "./helpers/usage-rows.js";

const MESSAGES = [{ role: "user" as const, content: "hi" }];

/**
 * Hub A's `upstream` backends use hub B as the router, with a token of B's alice (admin of B's org
 * acme). "hf" bills acme upstream and asks B for a provider (`model:fake`); "plain" bills nobody.
 */
describe.each(DIALECTS)("an upstream Hub router as a backend (%s)", (dialect) => {
  let router: GatewayHub;
  let hub: TestHub;
  let dir: string;
  let carla: string;
  beforeAll(async () => {
    router = await startGatewayHub(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-upstream-"));
    const configFile = path.join(dir, "inference.json");
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        backends: [
          {
            name: "hf",
            kind: "upstream",
            baseUrl: `${router.hub.url}/v1`,
            apiKeyEnv: "ROUTER_TOKEN",
            billTo: "acme",
            models: { "front/chat": `${MODELS.chat}:fake` },
          },
          {
            name: "plain",
            kind: "upstream",
            baseUrl: `${router.hub.url}/v1`,
            apiKeyEnv: "ROUTER_TOKEN",
            models: { "front/other": MODELS.chat },
          },
        ],
      }),
    );
    hub = await startTestHub({
      dialect,
      env: { MODELHUB_INFERENCE_CONFIG: configFile, ROUTER_TOKEN: router.alice },
    });
    carla = await hub.tokenFor("carla");
    await hub.services.accounts.createOrg({ name: "carla-lab", members: ["carla"] });
    await insertRepo(hub.services, { id: "front/chat", derived: { tags: ["conversational"] } });
    await insertRepo(hub.services, { id: "front/other" });
    await hub.inference.publishMappings(hub.services.repos);
  });
  afterAll(async () => {
    await hub?.stop();
    await router?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers streamed and not through the router, billing the admin's org upstream, never the caller's", async () => {
    const client = new OpenAI({
      apiKey: carla,
      baseURL: `${hub.url}/v1`,
      defaultHeaders: { "X-HF-Bill-To": "carla-lab" },
    });
    const answer = await client.chat.completions.create({ model: "front/chat", messages: MESSAGES });
    expect(answer.choices[0].message.content).toBe("Hello from tiny");
    let text = "";
    const stream = await client.chat.completions.create({
      model: "front/chat",
      messages: MESSAGES,
      stream: true,
    });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe("Hello from tiny");

    const mine = await usageRows(hub);
    expect(
      mine.map((row) => [row.user_name, row.bill_to, row.model, row.backend, row.prompt_tokens]),
    ).toEqual([
      ["carla", "carla-lab", "front/chat", "hf", 7],
      ["carla", "carla-lab", "front/chat", "hf", 7],
    ]);
    const upstream = await usageRows(router.hub);
    expect(upstream.map((row) => [row.user_name, row.bill_to, row.model, row.backend])).toEqual([
      ["alice", "acme", MODELS.chat, "fake"],
      ["alice", "acme", MODELS.chat, "fake"],
    ]);
  });

  it("sends no X-HF-Bill-To when the admin set no billTo", async () => {
    const response = await postJson(
      `${hub.url}/v1/chat/completions`,
      { model: "front/other", messages: MESSAGES },
      carla,
    );
    expect(response.status).toBe(200);
    expect((await usageRows(router.hub)).at(-1)).toMatchObject({ user_name: "alice", bill_to: null });
  });

  it("is published as a provider and checked like any backend, without its address or token", async () => {
    const info = (await (
      await fetch(`${hub.url}/api/models/front/chat?expand[]=inferenceProviderMapping`)
    ).json()) as { inferenceProviderMapping?: Record<string, { status: string; providerId: string }> };
    expect(info.inferenceProviderMapping?.hf).toMatchObject({ status: "live", providerId: "front/chat" });
    const backends = await (
      await fetch(`${hub.url}/api/inference/backends`, { headers: bearer(carla) })
    ).text();
    expect(JSON.parse(backends)).toEqual(
      expect.arrayContaining([{ name: "hf", kind: "upstream", status: "live" }]),
    );
    expect(backends).not.toContain(router.alice);
    expect(backends).not.toContain("127.0.0.1");
  });
});

describe("upstream backend config", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-upstream-config-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const load = (backend: Record<string, unknown>, env: Record<string, string> = {}) => {
    const file = path.join(dir, "c.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        backends: [
          {
            name: "hf",
            kind: "upstream",
            baseUrl: "https://router.huggingface.co/v1",
            models: { "acme/llama": "meta-llama/Llama-3.1-8B-Instruct:cerebras" },
            ...backend,
          },
        ],
      }),
    );
    return loadInferenceSettings(file, env, dir);
  };

  it("needs the admin's token and takes billTo", () => {
    expect(() => load({})).toThrow(/an upstream router needs apiKey or apiKeyEnv/);
    expect(() => load({ apiKeyEnv: "HF_ROUTER_TOKEN" })).toThrow(/HF_ROUTER_TOKEN, which is not set/);
    expect(() => load({ apiKey: "hf_x", billTo: "not an org" })).toThrow(
      /billTo: must be an organization name/,
    );
    const settings = load({ apiKeyEnv: "HF_ROUTER_TOKEN", billTo: "acme" }, { HF_ROUTER_TOKEN: "hf_admin" });
    expect(settings.backends[0]).toMatchObject({
      kind: "upstream",
      baseUrl: "https://router.huggingface.co/v1",
      apiKey: "hf_admin",
      billTo: "acme",
      models: { "acme/llama": "meta-llama/Llama-3.1-8B-Instruct:cerebras" },
    });
  });
});
