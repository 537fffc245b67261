import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, resolveConfig } from "../../src/config/config.js";
import { insertRepo } from "./helpers/insert-repo.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Item {
  id: string;
  likes: number;
  downloads: number;
}

const TTL_MS = 400;

/** Writes behind the hub's back, so only a fresh query (not a cached page) can see them. */
async function setLikesDirectly(hub: TestHub, id: string, likes: number): Promise<void> {
  await hub.services.hub.db.updateTable("repos").set({ likes }).where("full_id", "=", id).execute();
}

describe.each(DIALECTS)("listing page cache (%s)", (dialect) => {
  let hub: TestHub;
  let ownerToken: string;

  async function list(query: string, token?: string): Promise<Item[]> {
    const res = await fetch(`${hub.url}/api/models${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return (await res.json()) as Item[];
  }
  const likesOf = (items: Item[], id: string) => items.find((i) => i.id === id)?.likes;

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_LISTING_CACHE_MS: String(TTL_MS) } });
    ownerToken = await hub.tokenFor("cache-owner");
    await insertRepo(hub.services, { id: "cache-owner/alpha-model", likes: 0 });
    await insertRepo(hub.services, { id: "cache-owner/beta-model", likes: 0 });
  });
  afterAll(() => hub?.stop());

  it("serves a repeated page again, whatever the parameter order or search case, until the TTL ends", async () => {
    const first = await list("?search=alpha&sort=likes&limit=5");
    expect(likesOf(first, "cache-owner/alpha-model")).toBe(0);
    await setLikesDirectly(hub, "cache-owner/alpha-model", 7);
    const again = await list("?limit=5&sort=likes&search=ALPHA");
    expect(likesOf(again, "cache-owner/alpha-model")).toBe(0);
    // a different page is computed afresh
    expect(likesOf(await list("?search=alpha&sort=likes&limit=6"), "cache-owner/alpha-model")).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    expect(likesOf(await list("?search=alpha&sort=likes&limit=5"), "cache-owner/alpha-model")).toBe(7);
  });

  it("shows writes made through the hub at once: new repo, like, visibility, deletion", async () => {
    const before = await list("?search=cache-owner");
    expect(before.map((i) => i.id).sort()).toEqual(["cache-owner/alpha-model", "cache-owner/beta-model"]);

    const created = await postJson(`${hub.url}/api/repos/create`, { name: "gamma-model" }, ownerToken);
    expect(created.status).toBe(200);
    expect((await list("?search=cache-owner")).map((i) => i.id)).toContain("cache-owner/gamma-model");

    const liked = await postJson(`${hub.url}/api/models/cache-owner/beta-model/like`, {}, ownerToken);
    expect(liked.status).toBe(200);
    expect(likesOf(await list("?search=cache-owner"), "cache-owner/beta-model")).toBe(1);

    const hidden = await postJson(
      `${hub.url}/api/models/cache-owner/gamma-model/settings`,
      { private: true },
      ownerToken,
      "PUT",
    );
    expect(hidden.status).toBe(200);
    expect((await list("?search=cache-owner")).map((i) => i.id)).not.toContain("cache-owner/gamma-model");
    // the owner's own listing is a different page, and does show the private repo
    expect((await list("?search=cache-owner", ownerToken)).map((i) => i.id)).toContain(
      "cache-owner/gamma-model",
    );

    const deleted = await postJson(
      `${hub.url}/api/repos/delete`,
      { name: "beta-model", organization: "cache-owner" },
      ownerToken,
      "DELETE",
    );
    expect(deleted.status).toBe(200);
    expect((await list("?search=cache-owner", ownerToken)).map((i) => i.id)).not.toContain(
      "cache-owner/beta-model",
    );
  });

  it("keeps the next-page link of a cached page, built for the requesting host", async () => {
    const url = `${hub.url}/api/models?search=cache-owner&limit=1`;
    const first = await fetch(url, { headers: bearer(ownerToken) });
    const second = await fetch(url.replace("127.0.0.1", "localhost"), { headers: bearer(ownerToken) });
    expect(first.headers.get("link")).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/models\?.*cursor=/);
    expect(second.headers.get("link")).toMatch(/^<http:\/\/localhost:\d+\/api\/models\?.*cursor=/);
    expect(await second.json()).toEqual(await first.json());
  });
});

describe("listing page cache turned off", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_LISTING_CACHE_MS: "0" } });
    await insertRepo(hub.services, { id: "nocache/only-model" });
  });
  afterAll(() => hub?.stop());

  it("answers every request from the database", async () => {
    const likes = async () =>
      ((await (await fetch(`${hub.url}/api/models?search=nocache`)).json()) as Item[])[0].likes;
    expect(await likes()).toBe(0);
    await setLikesDirectly(hub, "nocache/only-model", 3);
    expect(await likes()).toBe(3);
  });

  it("defaults to 2 s and rejects values that are not milliseconds", () => {
    expect(resolveConfig({}, {}).listingCacheMs).toBe(2000);
    expect(resolveConfig({}, { MODELHUB_LISTING_CACHE_MS: "0" }).listingCacheMs).toBe(0);
    for (const bad of ["-1", "1.5", "soon", "99999999"])
      expect(() => resolveConfig({}, { MODELHUB_LISTING_CACHE_MS: bad })).toThrow(ConfigError);
  });
});
