import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MissCache } from "../../src/mirror/miss-cache.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

/**
 * The mirror's answers to strangers: a private local repo looks exactly like a missing id on the refresh
 * route, and ids the upstream does not show are remembered for a short while, so that a flood of
 * look-ups of missing ids (anonymous ones too) does not become upstream traffic. The upstream here is a
 * stub that shows nothing and counts what it is asked.
 */
describe.each(DIALECTS)("mirror: strangers learn nothing, missing ids are remembered (%s)", (dialect) => {
  let hub: TestHub;
  let upstream: http.Server;
  const asked: string[] = [];
  let alice = "";
  let bob = "";
  let bobRead = "";
  let admin = "";

  const askedFor = (id: string) => asked.filter((path) => path.startsWith(`/api/models/${id}`)).length;
  const refresh = (id: string, token?: string) =>
    hub.app.request(`/api/models/${id}/mirror/refresh`, {
      method: "POST",
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"Repository not found"}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    hub = await startTestHub({
      dialect,
      env: { MODELHUB_UPSTREAM_URL: upstreamUrl, MODELHUB_UPSTREAM_TIMEOUT_S: "5" },
    });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    bobRead = await hub.tokenFor("bob", "read");
    admin = await hub.tokenFor("ada");
    await hub.services.accounts.setAdmin("ada", true);
    for (const [name, isPrivate] of [
      ["hidden", true],
      ["shown", false],
    ] as const) {
      const created = await postJson(`${hub.url}/api/repos/create`, { name, private: isPrivate }, alice);
      expect(created.status).toBe(200);
    }
  });
  afterAll(async () => {
    await hub?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("answers a refresh of a private local repo exactly as one of a missing id", async () => {
    const hidden = await refresh("alice/hidden", bob);
    const missing = await refresh("alice/never-there", bob);
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await hidden.text()).toBe(await missing.text());
    expect(hidden.headers.get("X-Error-Code")).toBe(missing.headers.get("X-Error-Code"));
    // a read token cannot ask for a refresh at all; without credentials it is 401
    for (const id of ["alice/hidden", "alice/never-there", "alice/shown"]) {
      expect((await refresh(id, bobRead)).status, id).toBe(403);
      expect((await refresh(id)).status, id).toBe(401);
    }
    // whoever sees a local repo is told it is not a mirror
    const own = await refresh("alice/hidden", alice);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("is a repo of this hub, not a mirror");
    expect((await refresh("alice/shown", bob)).status).toBe(400);
  });

  it("asks the upstream once about a missing id, whoever asks and however often", async () => {
    const id = "ghost/gone";
    const anonymous = [];
    for (let i = 0; i < 5; i++) anonymous.push((await hub.app.request(`/api/models/${id}`)).status);
    expect(anonymous).toEqual([401, 401, 401, 401, 401]);
    expect((await hub.app.request(`/api/models/${id}`, { headers: bearer(bob) })).status).toBe(404);
    expect((await hub.app.request(`/${id}/resolve/main/config.json`)).status).toBe(401);
    expect((await hub.app.request(`/api/models/${id}/tree/main`, { headers: bearer(bob) })).status).toBe(404);
    expect(askedFor(id)).toBe(1);
    // concurrent look-ups of other ids: one upstream request per id
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => hub.app.request(`/api/models/ghost/other-${i % 4}`)),
    );
    for (let i = 0; i < 4; i++) expect(askedFor(`ghost/other-${i}`)).toBe(1);
    // a site admin's explicit pull asks again
    const pull = await hub.app.request("/api/admin/mirror/pull", {
      method: "POST",
      headers: { ...bearer(admin), "Content-Type": "application/json" },
      body: JSON.stringify({ id }),
    });
    expect(pull.status).toBe(404);
    expect(askedFor(id)).toBe(2);
  });
});

describe("the mirror's cache of missing ids", () => {
  it("forgets an id after its time, keeps at most its capacity, and can be turned off", () => {
    let now = 1_000;
    const cache = new MissCache(30_000, 3, () => now);
    cache.add("model:a/b");
    expect(cache.has("model:a/b")).toBe(true);
    now += 29_999;
    expect(cache.has("model:a/b")).toBe(true);
    now += 1;
    expect(cache.has("model:a/b")).toBe(false);
    for (const key of ["k1", "k2", "k3", "k4"]) cache.add(key);
    expect(cache.size).toBe(3);
    expect(cache.has("k1")).toBe(false);
    expect(cache.has("k4")).toBe(true);
    const off = new MissCache(0);
    off.add("k");
    expect(off.has("k")).toBe(false);
  });
});
