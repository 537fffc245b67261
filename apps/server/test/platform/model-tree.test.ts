import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface ModelTree {
  _id: string;
  id: string;
  baseModels?: { relation: string; models: { id: string; exists: boolean }[] };
  childrenModelCount: Record<string, number>;
}

const RELATIONS = ["adapter", "finetune", "merge", "quantized"];
const BASE = "meta/base-7b";

function card(front: string): string {
  return `---\n${front.trim()}\n---\n# A model\n`;
}

const CONFIG = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" });
const QUANT_CONFIG = JSON.stringify({
  architectures: ["LlamaForCausalLM"],
  model_type: "llama",
  quantization_config: { quant_method: "awq", bits: 4 },
});
const ADAPTER_CONFIG = JSON.stringify({ peft_type: "LORA", task_type: "CAUSAL_LM", r: 8 });

describe.each(DIALECTS)("model tree (%s)", (dialect) => {
  let hub: TestHub;
  let meta: string;
  let bob: string;
  let carol: string;

  /** Creates the repo and commits the files through the hub's commit API, so tags are derived for real. */
  async function model(
    token: string,
    id: string,
    files: Record<string, string>,
    options: { private?: boolean } = {},
  ): Promise<void> {
    const [organization, name] = id.split("/");
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name, organization, type: "model", private: options.private ?? false },
      token,
    );
    expect(created.status).toBe(200);
    const body = [
      JSON.stringify({ key: "header", value: { summary: "Add files", description: "" } }),
      ...Object.entries(files).map(([path, text]) =>
        JSON.stringify({
          key: "file",
          value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
        }),
      ),
    ].join("\n");
    const committed = await fetch(`${hub.url}/api/models/${id}/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body,
    });
    expect(committed.status).toBe(200);
  }

  async function tree(id: string, token?: string): Promise<ModelTree> {
    const res = await fetch(`${hub.url}/api/models/${id}/model-tree`, {
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return (await res.json()) as ModelTree;
  }

  async function listed(filter: string, token?: string): Promise<string[]> {
    const res = await fetch(`${hub.url}/api/models?filter=${encodeURIComponent(filter)}&limit=500`, {
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }[]).map((m) => m.id).sort();
  }

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    meta = await hub.tokenFor("meta");
    bob = await hub.tokenFor("bob");
    carol = await hub.tokenFor("carol");
    await model(meta, BASE, { "README.md": card("license: mit"), "config.json": CONFIG });
    // inferred from the files: adapter_config.json → adapter, quantization_config → quantized, else finetune
    await model(bob, "bob/base-7b-lora", {
      "README.md": card(`base_model: ${BASE}`),
      "adapter_config.json": ADAPTER_CONFIG,
    });
    await model(bob, "bob/base-7b-awq", {
      "README.md": card(`base_model: ${BASE}`),
      "config.json": QUANT_CONFIG,
    });
    await model(bob, "bob/base-7b-chat", {
      "README.md": card(`base_model: ${BASE}`),
      "config.json": CONFIG,
    });
    await model(bob, "bob/base-7b-style", {
      "README.md": card(`base_model: ${BASE}\ntags:\n- lora`),
    });
    // the card's own base_model_relation wins over what the files suggest
    await model(bob, "bob/base-7b-merged-adapter", {
      "README.md": card(`base_model: ${BASE}\nbase_model_relation: finetune`),
      "adapter_config.json": ADAPTER_CONFIG,
    });
    // several bases → merge
    await model(bob, "bob/franken-7b", {
      "README.md": card(`base_model:\n- ${BASE}\n- other/model-x`),
      "config.json": CONFIG,
    });
    // a private child: counted for its owner only
    await model(
      carol,
      "carol/secret-awq",
      { "README.md": card(`base_model: ${BASE}`), "config.json": QUANT_CONFIG },
      { private: true },
    );
    // a private base: its child shows it as existing only to those who may see it
    await model(carol, "carol/private-base", { "README.md": card("license: mit") }, { private: true });
    await model(bob, "bob/child-of-private", {
      "README.md": card("base_model: carol/private-base\nbase_model_relation: quantized"),
    });
  });
  afterAll(() => hub?.stop());

  it("counts the children of a base per relation, inferred and explicit", async () => {
    const anonymous = await tree(BASE);
    expect(anonymous.id).toBe(BASE);
    expect(typeof anonymous._id).toBe("string");
    expect(anonymous.baseModels).toBeUndefined();
    expect(anonymous.childrenModelCount).toEqual({ adapter: 2, finetune: 2, merge: 1, quantized: 1 });
    expect(await listed(`base_model:adapter:${BASE}`)).toEqual(["bob/base-7b-lora", "bob/base-7b-style"]);
    expect(await listed(`base_model:finetune:${BASE}`)).toEqual([
      "bob/base-7b-chat",
      "bob/base-7b-merged-adapter",
    ]);
    expect(await listed(`base_model:merge:${BASE}`)).toEqual(["bob/franken-7b"]);
  });

  it("names each model's base and its relation", async () => {
    const expected: [string, string][] = [
      ["bob/base-7b-lora", "adapter"],
      ["bob/base-7b-style", "adapter"],
      ["bob/base-7b-awq", "quantized"],
      ["bob/base-7b-chat", "finetune"],
      ["bob/base-7b-merged-adapter", "finetune"],
    ];
    for (const [id, relation] of expected) {
      const t = await tree(id);
      expect(t.baseModels, id).toEqual({ relation, models: [{ id: BASE, exists: true }] });
      expect(t.childrenModelCount).toEqual({ adapter: 0, finetune: 0, merge: 0, quantized: 0 });
    }
  });

  it("lists every base of a merge, marking those not on this hub", async () => {
    expect((await tree("bob/franken-7b")).baseModels).toEqual({
      relation: "merge",
      models: [
        { id: BASE, exists: true },
        { id: "other/model-x", exists: false },
      ],
    });
  });

  it("counts private children only for those who may see them", async () => {
    expect((await tree(BASE, bob)).childrenModelCount.quantized).toBe(1);
    expect((await tree(BASE, carol)).childrenModelCount.quantized).toBe(2);
    expect(await listed(`base_model:quantized:${BASE}`, carol)).toEqual([
      "bob/base-7b-awq",
      "carol/secret-awq",
    ]);
  });

  it("shows a private base as existing only to its owner", async () => {
    const models = (t: ModelTree) => t.baseModels?.models;
    expect(models(await tree("bob/child-of-private"))).toEqual([{ id: "carol/private-base", exists: false }]);
    expect(models(await tree("bob/child-of-private", bob))).toEqual([
      { id: "carol/private-base", exists: false },
    ]);
    expect(models(await tree("bob/child-of-private", carol))).toEqual([
      { id: "carol/private-base", exists: true },
    ]);
    expect((await tree("carol/private-base", carol)).childrenModelCount.quantized).toBe(1);
  });

  it("every count equals the length of the listing it links to, for each viewer", async () => {
    for (const token of [undefined, bob, carol]) {
      for (const id of [BASE, "carol/private-base", "bob/base-7b-lora"]) {
        const res = await fetch(`${hub.url}/api/models/${id}/model-tree`, {
          headers: token ? bearer(token) : {},
        });
        if (res.status === 404 || res.status === 401) continue; // private to someone else
        const t = (await res.json()) as ModelTree;
        for (const relation of RELATIONS)
          expect(t.childrenModelCount[relation], `${id} ${relation}`).toBe(
            (await listed(`base_model:${relation}:${id}`, token)).length,
          );
      }
    }
  });

  it("answers 404 with a JSON error for unknown models and models private to someone else", async () => {
    for (const [id, token] of [
      ["nobody/nothing", undefined],
      ["carol/private-base", undefined],
      ["carol/private-base", bob],
      ["carol/secret-awq", bob],
    ] as const) {
      const res = await fetch(`${hub.url}/api/models/${id}/model-tree`, {
        headers: token ? bearer(token) : {},
      });
      expect(res.status, id).toBe(token ? 404 : 401);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe("string");
    }
  });

  it("answers the Hub's expand[]=baseModels / childrenModelCount on the model info", async () => {
    const info = async (id: string, query: string) =>
      (await (await fetch(`${hub.url}/api/models/${id}?${query}`)).json()) as Record<string, unknown>;
    const base = await info(BASE, "expand[]=childrenModelCount&expand[]=baseModels");
    expect(base.childrenModelCount).toEqual({ adapter: 2, finetune: 2, merge: 1, quantized: 1 });
    expect(base.baseModels).toBeUndefined();
    const child = await info("bob/base-7b-lora", "expand[]=baseModels");
    expect(child.baseModels).toEqual({ relation: "adapter", models: [{ id: BASE, exists: true }] });
    expect(child.childrenModelCount).toBeUndefined();
    expect(await info("bob/base-7b-lora", "")).not.toHaveProperty("baseModels");
  });

  it("leaves the file tree route alone", async () => {
    const res = await fetch(`${hub.url}/api/models/${BASE}/tree/main`);
    expect(res.status).toBe(200);
    const entries = (await res.json()) as { path: string }[];
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining(["README.md", "config.json"]));
  });
});
