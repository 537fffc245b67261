import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface QuickSearch {
  models: { id: string }[];
  datasets: { id: string }[];
  spaces: { id: string }[];
  kernels: { id: string }[];
  users: { user: string }[];
  orgs: { name: string }[];
}

describe.each(DIALECTS)("GET /api/quicksearch (%s)", (dialect) => {
  let hub: TestHub;
  let alice = "";

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    await hub.tokenFor("llama_fan");
    await hub.services.accounts.createOrg({ name: "llama-lab", members: ["alice"] });
    for (const [name, type, isPrivate] of [
      ["llama-tiny", "model", false],
      ["llama-secret", "model", true],
      ["llama-corpus", "dataset", false],
      ["llama-chat-demo", "space", false],
      ["llama-kernel", "kernel", false],
      ["llama-kernel-secret", "kernel", true],
      ["unrelated", "model", false],
    ] as const) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        { name, type, private: isPrivate, ...(type === "space" ? { sdk: "static" } : {}) },
        alice,
      );
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => hub?.stop());

  const search = async (q: string, token?: string) => {
    const res = await fetch(`${hub.url}/api/quicksearch?q=${encodeURIComponent(q)}`, {
      headers: token ? bearer(token) : {},
    });
    expect(res.status).toBe(200);
    return (await res.json()) as QuickSearch;
  };

  it("groups repos of each kind, people and organisations; private repos only for those who may see them", async () => {
    const anonymous = await search("llama");
    expect(anonymous.models.map((r) => r.id)).toEqual(["alice/llama-tiny"]);
    expect(anonymous.datasets.map((r) => r.id)).toEqual(["alice/llama-corpus"]);
    expect(anonymous.spaces.map((r) => r.id)).toEqual(["alice/llama-chat-demo"]);
    expect(anonymous.kernels.map((r) => r.id)).toEqual(["alice/llama-kernel"]);
    expect(anonymous.users.map((u) => u.user)).toEqual(["llama_fan"]);
    expect(anonymous.orgs.map((o) => o.name)).toEqual(["llama-lab"]);
    const owner = await search("llama", alice);
    expect(owner.models.map((r) => r.id).sort()).toEqual(["alice/llama-secret", "alice/llama-tiny"]);
    expect(owner.kernels.map((r) => r.id).sort()).toEqual([
      "alice/llama-kernel",
      "alice/llama-kernel-secret",
    ]);
  });

  it("treats LIKE wildcards literally and refuses empty, long or odd limits", async () => {
    expect((await search("%")).users).toEqual([]);
    expect((await search("_")).users.map((u) => u.user)).toEqual(["llama_fan"]);
    for (const query of ["", "q=", `q=${"x".repeat(201)}`, "q=a&limit=0", "q=a&limit=abc", "q=a&limit=21"]) {
      const res = await fetch(`${hub.url}/api/quicksearch?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
