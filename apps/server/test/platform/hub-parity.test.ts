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
});
