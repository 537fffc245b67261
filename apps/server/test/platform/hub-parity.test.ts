import type { RepoStorageItem } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

/** Small behaviours huggingface_hub's own suite checks against the Hub. */
describe.each(DIALECTS)("Hub parity (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    const create = (name: string, priv: boolean, files: { path: string; content: string }[]) =>
      postJson(
        `${hub.url}/api/repos/create`,
        { name, type: "model", private: priv, files: files.map((f) => ({ ...f, encoding: "utf-8" })) },
        alice,
      );
    expect((await create("secret", true, [{ path: "a.txt", content: "aaa" }])).status).toBe(200);
    expect((await create("open", false, [{ path: "b.txt", content: "b" }])).status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("answers an anonymous caller 401 RepoNotFound for a private or missing repo, others 404", async () => {
    for (const url of [
      "/api/models/alice/secret",
      "/api/models/alice/missing",
      "/api/models/alice/secret/tree/main",
      "/alice/secret/resolve/main/a.txt",
    ]) {
      const anonymous = await fetch(`${hub.url}${url}`);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.headers.get("X-Error-Code"), url).toBe("RepoNotFound");
      const outsider = await fetch(`${hub.url}${url}`, { headers: bearer(bob) });
      expect(outsider.status, url).toBe(404);
      expect(outsider.headers.get("X-Error-Code"), url).toBe("RepoNotFound");
    }
    expect((await fetch(`${hub.url}/api/models/alice/secret`, { headers: bearer(alice) })).status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/alice/open`)).status).toBe(200);
  });

  it("lists the caller's repos with their storage at /api/settings/repositories", async () => {
    expect((await fetch(`${hub.url}/api/settings/repositories`)).status).toBe(401);
    const res = await fetch(`${hub.url}/api/settings/repositories`, { headers: bearer(alice) });
    expect(res.status).toBe(200);
    const items = (await res.json()) as RepoStorageItem[];
    const byId = new Map(items.map((item) => [item.id, item]));
    expect([...byId.keys()].sort()).toEqual(["alice/open", "alice/secret"]);
    expect(byId.get("alice/secret")).toMatchObject({ type: "model", visibility: "private" });
    expect(byId.get("alice/open")).toMatchObject({ visibility: "public" });
    expect(byId.get("alice/secret")!.storage).toBeGreaterThan(byId.get("alice/open")!.storage);
    const percents = items.reduce((sum, item) => sum + item.storagePercent, 0);
    expect(percents).toBeGreaterThan(99.9);
    expect(Number.isNaN(Date.parse(items[0].updatedAt))).toBe(false);

    const mine = (await (
      await fetch(`${hub.url}/api/settings/repositories`, { headers: bearer(bob) })
    ).json()) as RepoStorageItem[];
    expect(mine).toEqual([]);
  });

  it("lists an org's repos to its members only", async () => {
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "lab" }, alice)).status).toBe(200);
    const url = `${hub.url}/api/organizations/lab/settings/repositories`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: bearer(bob) })).status).toBe(403);
    const res = await fetch(url, { headers: bearer(await hub.tokenFor("alice")) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("starts a Space with its sdk card (and a page when static) and duplicates it with its files", async () => {
    const made = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "site", type: "space", sdk: "static" },
      alice,
    );
    expect(made.status).toBe(200);
    const files = async (id: string, headers: Record<string, string> = {}) =>
      (
        (await (await fetch(`${hub.url}/api/spaces/${id}/tree/main`, { headers })).json()) as {
          path: string;
        }[]
      )
        .map((entry) => entry.path)
        .sort();
    expect(await files("alice/site")).toEqual([".gitattributes", "README.md", "index.html", "style.css"]);
    const card = await (await fetch(`${hub.url}/spaces/alice/site/resolve/main/README.md`)).text();
    expect(card).toMatch(/^---\ntitle: "site"\nemoji: .+\ncolorFrom: \w+\ncolorTo: \w+\nsdk: static\n/);
    const gradio = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "demo", type: "space", sdk: "gradio" },
      alice,
    );
    expect(gradio.status).toBe(200);
    const gradioCard = await (await fetch(`${hub.url}/spaces/alice/demo/resolve/main/README.md`)).text();
    expect(gradioCard).toMatch(/\nsdk: gradio\nsdk_version: "[\d.]+"\napp_file: app.py\n/);

    const bobWrite = await hub.tokenFor("bob");
    const duplicate = (body: unknown) =>
      postJson(`${hub.url}/api/spaces/alice/site/duplicate`, body, bobWrite);
    expect(
      (await postJson(`${hub.url}/api/spaces/alice/site/duplicate`, { repository: "bob/x" }, undefined))
        .status,
    ).toBe(401);
    expect((await duplicate({ repository: "bob/gpu", hardware: "a100-large" })).status).toBe(400);
    expect((await duplicate({ repository: "alice/mine" })).status).toBe(403);
    const copied = await duplicate({ repository: "bob/site", private: true, hardware: "cpu-basic" });
    expect(copied.status).toBe(200);
    expect(await copied.json()).toMatchObject({ url: `${hub.url}/spaces/bob/site`, name: "bob/site" });
    expect(await files("bob/site", bearer(bobWrite))).toEqual(await files("alice/site"));
    expect((await fetch(`${hub.url}/api/spaces/bob/site`)).status).toBe(401);
    const again = await duplicate({ repository: "bob/site" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ url: `${hub.url}/spaces/bob/site` });
    expect((await duplicate({ repository: "bob/site", storageTier: "small" })).status).toBe(400);
  });
});
