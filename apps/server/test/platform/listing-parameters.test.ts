import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("listing parameters: every one honoured or refused (%s)", (dialect) => {
  let hub: TestHub;

  const ids = async (query: string, type = "models") => {
    const res = await fetch(`${hub.url}/api/${type}?${query}`);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { id: string }[]).map((r) => r.id).sort();
  };
  const refused = async (query: string, pattern: RegExp, type = "models") => {
    const res = await fetch(`${hub.url}/api/${type}?${query}`);
    expect(res.status, query).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(pattern);
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_LISTING_CACHE_MS: "60000" } });
    const token = await hub.tokenFor("alice");
    const readme = (library: string, task: string) =>
      `---\nlibrary_name: ${library}\npipeline_tag: ${task}\n---\n# model\n`;
    const repos: [string, { path: string; content: string }[]][] = [
      ["Llama-3.1-8B-Instruct-GGUF", [{ path: "model-Q4_K_M.gguf", content: "GGUF" }]],
      ["Qwen2.5-7B-Instruct", [{ path: "README.md", content: readme("transformers", "text-generation") }]],
      ["stable-diffusion-tiny", [{ path: "README.md", content: readme("diffusers", "text-to-image") }]],
      ["llama-notes", [{ path: "README.md", content: "# notes\n" }]],
    ];
    for (const [name, files] of repos) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        { name, files: files.map((f) => ({ ...f, encoding: "utf-8" })) },
        token,
      );
      expect(res.status, name).toBe(200);
    }
  });
  afterAll(() => hub?.stop());

  it("multi-word search needs every word in the id, in any order", async () => {
    expect(await ids("search=llama 3.1")).toEqual(["alice/Llama-3.1-8B-Instruct-GGUF"]);
    expect(await ids("search=qwen2.5 7b")).toEqual(["alice/Qwen2.5-7B-Instruct"]);
    expect(await ids("search=diffusion stable")).toEqual(["alice/stable-diffusion-tiny"]);
    expect(await ids("search=llama")).toEqual(["alice/Llama-3.1-8B-Instruct-GGUF", "alice/llama-notes"]);
    expect(await ids("search=llama nothing-like-this")).toEqual([]);
  });

  it("a search word may also be one of the repo's tags", async () => {
    expect(await ids("search=qwen text-generation")).toEqual(["alice/Qwen2.5-7B-Instruct"]);
    expect(await ids("search=diffusers")).toEqual(["alice/stable-diffusion-tiny"]);
    expect(await ids("search=text-to-image stable")).toEqual(["alice/stable-diffusion-tiny"]);
    expect(await ids("search=qwen text-to-image")).toEqual([]);
    const facets = await fetch(`${hub.url}/api/models/facets?search=diffusers`);
    expect(((await facets.json()) as { total: number }).total).toBe(1);
  });

  it("apps= keeps the models a local app can run; other= filters by tag; inference=warm is understood", async () => {
    expect(await ids("apps=llama.cpp")).toEqual(["alice/Llama-3.1-8B-Instruct-GGUF"]);
    expect(await ids("apps=vllm")).toEqual(["alice/Qwen2.5-7B-Instruct"]);
    expect(await ids("apps=vllm,ollama")).toEqual([]);
    expect(await ids("other=gguf")).toEqual(["alice/Llama-3.1-8B-Instruct-GGUF"]);
    expect(await ids("inference=warm")).toEqual([]);
    // the cached page of one filter is never served for another
    expect((await ids("")).length).toBe(4);
  });

  it("refuses parameters it would otherwise ignore, naming them", async () => {
    await refused("apps=not-an-app", /Unknown app "not-an-app"; supported: .*llama\.cpp/);
    await refused("inference=cold", /inference=warm/);
    await refused(
      "colour=blue",
      /Unknown query parameter "colour" for model listings; supported: .*pipeline_tag/,
    );
    await refused("apps=llama.cpp", /Unknown query parameter "apps" for dataset listings/, "datasets");
    await refused("__proto__=1", /Unknown query parameter "__proto__"/);
    expect(await ids("sdk=static", "spaces")).toEqual([]);
  });

  it("first pages report the number of matches in X-Total-Count, for the viewer and the filters", async () => {
    const total = async (query: string, token?: string) => {
      const res = await fetch(`${hub.url}/api/models?${query}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      expect(res.status).toBe(200);
      return { total: res.headers.get("X-Total-Count"), next: res.headers.get("Link") };
    };
    expect(await total("")).toMatchObject({ total: "4" });
    expect(await total("limit=1")).toMatchObject({ total: "4", next: expect.stringContaining("cursor=") });
    expect(await total("limit=1&search=llama")).toMatchObject({ total: "2" });
    expect(await total("apps=llama.cpp")).toMatchObject({ total: "1" });
    const first = await fetch(`${hub.url}/api/models?limit=1`);
    const next = /<([^>]+)>/.exec(first.headers.get("Link") ?? "")?.[1] ?? "";
    const second = await fetch(next);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Total-Count")).toBeNull();
  });
});
