import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { startFakeBackend, type FakeBackend } from "./helpers/fake-backend.js";

const run = promisify(execFile);

type Mapping = Record<string, { providerId: string; status: string; task: string }>;

describe.each(DIALECTS)("the hub's backends as provider mappings (%s)", (dialect) => {
  let hub: TestHub;
  let backend: FakeBackend;
  let dir = "";
  let alice = "";

  const mappingOf = async (id: string, token?: string): Promise<Mapping | undefined> => {
    const res = await fetch(`${hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`, {
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { inferenceProviderMapping?: Mapping }).inferenceProviderMapping;
  };
  const listed = async (query: string, token?: string): Promise<string[]> => {
    const res = await fetch(`${hub.url}/api/models?${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }[]).map((m) => m.id).sort();
  };

  beforeAll(async () => {
    backend = await startFakeBackend();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-served-"));
    const configFile = path.join(dir, "inference.json");
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        backends: [
          {
            name: "gpu-box",
            kind: "openai-compatible",
            baseUrl: backend.baseUrl,
            apiKey: "sk-never-shown",
            models: {
              "acme/chatty": "tiny",
              "acme/Secret-Chat": "tiny",
              "alice/later": "tiny",
              "acme/basey": "tiny",
            },
          },
          {
            name: "spare",
            kind: "openai-compatible",
            baseUrl: backend.baseUrl,
            models: { "acme/chatty": "tiny", "nobody/missing": "tiny" },
          },
        ],
      }),
    );
    hub = await startTestHub({ dialect, env: { MODELHUB_INFERENCE_CONFIG: configFile } });
    alice = await hub.tokenFor("alice");
    await insertRepo(hub.services, {
      id: "acme/chatty",
      derived: { tags: ["conversational"], pipeline_tag: "text-generation" },
    });
    await insertRepo(hub.services, { id: "acme/secret-chat", private: true });
    await insertRepo(hub.services, { id: "acme/plain" });
    await insertRepo(hub.services, { id: "acme/basey", derived: { pipeline_tag: "text-generation" } });
    await hub.services.repos.setProviderMapping((await hub.services.repos.find("model", "acme/plain"))!.id, {
      provider: "together",
      providerId: "org/plain",
      task: "text-generation",
      status: "live",
    });
    expect(await hub.inference.publishMappings(hub.services.repos)).toBe(4);
  });
  afterAll(async () => {
    await hub?.stop();
    await backend?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("shows each backend serving a model in its inferenceProviderMapping, named by the hub id", async () => {
    expect(await mappingOf("acme/chatty")).toEqual({
      "gpu-box": { providerId: "acme/chatty", status: "live", task: "conversational" },
      spare: { providerId: "acme/chatty", status: "live", task: "conversational" },
    });
    expect(await mappingOf("acme/plain")).toEqual({
      together: { providerId: "org/plain", status: "live", task: "text-generation" },
    });
  });

  it("lists served models under inference_provider=<backend> and inference=warm, private ones only for readers", async () => {
    expect(await listed("inference_provider=gpu-box")).toEqual(["acme/basey", "acme/chatty"]);
    expect(await listed("inference_provider=spare")).toEqual(["acme/chatty"]);
    expect(await listed("inference=warm")).toEqual(["acme/basey", "acme/chatty", "acme/plain"]);
    const owner = await hub.tokenFor("acme");
    expect(await listed("inference_provider=gpu-box", owner)).toEqual([
      "acme/basey",
      "acme/chatty",
      "acme/secret-chat",
    ]);
    expect(await mappingOf("acme/secret-chat", owner)).toEqual({
      "gpu-box": { providerId: "acme/secret-chat", status: "live", task: "text-generation" },
    });
  });

  it("answers the public backend list without addresses or keys, and shows a failing backend as staging", async () => {
    const res = await fetch(`${hub.url}/api/inference/backends`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual([
      { name: "gpu-box", kind: "openai-compatible", status: "live" },
      { name: "spare", kind: "openai-compatible", status: "live" },
      { name: "onnx", kind: "onnx", status: "live" }, // the embedded ONNX task backend, on by default
    ]);
    expect(text).not.toContain(backend.baseUrl);
    expect(text).not.toContain("sk-never-shown");

    expect(hub.inference.setStatus("spare", "staging")).toBe(true);
    expect(hub.inference.setStatus("spare", "staging")).toBe(false);
    await hub.inference.publishMappings(hub.services.repos);
    expect((await mappingOf("acme/chatty"))?.spare.status).toBe("staging");
    hub.inference.setStatus("spare", "live");
    await hub.inference.publishMappings(hub.services.repos);
    expect((await mappingOf("acme/chatty"))?.spare.status).toBe("live");
  });

  it("publishes a configured model as soon as it is created and gets its first commit", async () => {
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "later" }, alice)).status).toBe(200);
    const commit = await fetch(`${hub.url}/api/models/alice/later/commit/main`, {
      method: "POST",
      headers: { ...bearer(alice), "Content-Type": "application/x-ndjson" },
      body: [
        JSON.stringify({ key: "header", value: { summary: "card" } }),
        JSON.stringify({
          key: "file",
          value: {
            path: "README.md",
            content: Buffer.from("# later\n").toString("base64"),
            encoding: "base64",
          },
        }),
      ].join("\n"),
    });
    expect(commit.status).toBe(200);
    expect(await mappingOf("alice/later")).toEqual({
      "gpu-box": { providerId: "alice/later", status: "live", task: "text-generation" },
    });
  });

  it("gives the model's snippets aimed at this hub's gateway, with the hub token in HF_TOKEN", async () => {
    type Snippets = {
      provider: string;
      deployed: boolean;
      inference: { language: string; client: string; content: string }[];
    };
    const get = async (query: string) =>
      (await (await fetch(`${hub.url}/api/models/acme/chatty/snippets${query}`)).json()) as Snippets;
    const auto = await get("");
    expect(auto.deployed).toBe(true);
    const curl = auto.inference.find((s) => s.client === "curl")?.content ?? "";
    expect(curl).toContain(`${hub.url}/v1/chat/completions`);
    expect(curl).toContain("$HF_TOKEN");
    expect(curl).toContain('"model": "acme/chatty"');
    const pinned = await get("?provider=spare&streaming=true");
    const python =
      pinned.inference.find((s) => s.client === "openai" && s.language === "python")?.content ?? "";
    expect(python).toContain(`base_url="${hub.url}/v1"`);
    expect(python).toContain('model="acme/chatty:spare"');
    expect(python).toContain('os.environ["HF_TOKEN"]');
  });

  it("the curl, requests and fetch snippets, run as they are with a hub token, are answered by the gateway", async () => {
    for (const id of ["acme/chatty", "acme/basey"]) {
      const res = await fetch(`${hub.url}/api/models/${id}/snippets`);
      const snippets = (
        (await res.json()) as { inference: { client: string; language: string; content: string }[] }
      ).inference;
      const curl = snippets.find((s) => s.client === "curl")?.content ?? "";
      const requests = snippets.find((s) => s.client === "requests")?.content ?? "";
      expect([id, curl.length > 0, requests.length > 0]).toEqual([id, true, true]);
      const env = { ...process.env, HF_TOKEN: alice };
      // asynchronously: the hub answering the snippets runs in this process
      const viaCurl = await run("bash", ["-c", curl], { env, encoding: "utf8", timeout: 20_000 });
      const answer = JSON.parse(viaCurl.stdout) as {
        choices: { message?: { content: string }; text?: string }[];
      };
      expect(answer.choices[0].message?.content ?? answer.choices[0].text).toBe("Hello from tiny");
      const viaPython = await run("python3", ["-c", requests], { env, encoding: "utf8", timeout: 20_000 });
      expect(viaPython.stdout).toContain("Hello from tiny");
      const fetchJs = snippets.find((s) => s.client === "fetch")?.content ?? "";
      const viaNode = await run(process.execPath, ["--input-type=module", "-e", fetchJs], {
        env,
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(viaNode.stdout).toContain("Hello from tiny");
    }
  });

  it("a publish that changes nothing writes nothing and keeps the listing caches", async () => {
    await hub.inference.publishMappings(hub.services.repos);
    const generation = hub.services.repos.listingsGeneration();
    await hub.inference.publishMappings(hub.services.repos);
    expect(hub.services.repos.listingsGeneration()).toBe(generation);
    hub.inference.setStatus("spare", "staging");
    await hub.inference.publishMappings(hub.services.repos);
    expect(hub.services.repos.listingsGeneration()).toBeGreaterThan(generation);
    expect((await mappingOf("acme/chatty"))?.spare.status).toBe("staging");
    hub.inference.setStatus("spare", "live");
    await hub.inference.publishMappings(hub.services.repos);
    expect((await mappingOf("acme/chatty"))?.spare.status).toBe("live");
  });

  it("drops the mappings of a deleted backend at the next publish and never touches seeded ones", async () => {
    const before = await listed("inference=warm");
    await hub.inference.publishMappings(hub.services.repos);
    expect(await listed("inference=warm")).toEqual(before);
    expect(await mappingOf("acme/plain")).toEqual({
      together: { providerId: "org/plain", status: "live", task: "text-generation" },
    });
  });
});
