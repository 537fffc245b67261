import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("accounts and access rules (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;
  let aliceRead: string;
  let bob: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    aliceRead = await hub.tokenFor("alice", "read");
    bob = await hub.tokenFor("bob");
    await hub.services.accounts.createOrg({ name: "acme", members: ["alice"] });
  });
  afterAll(() => hub?.stop());

  it("whoami-v2 describes the token's user, orgs and token", async () => {
    const res = await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(alice) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      type: "user",
      name: "alice",
      orgs: [{ type: "org", name: "acme" }],
      auth: { type: "access_token", accessToken: { role: "write" } },
    });
    expect(new Date(body.auth.accessToken.createdAt).getTime()).not.toBeNaN();
  });

  it("whoami-v2 needs a valid token", async () => {
    expect((await fetch(`${hub.url}/api/whoami-v2`)).status).toBe(401);
    const bad = await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer("hf_nope") });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Invalid credentials in Authorization header" });
  });

  it("stores tokens hashed, never in clear", async () => {
    const rows = await hub.services.hub.db.selectFrom("tokens").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => JSON.stringify(row).includes(alice))).toBe(false);
  });

  it("creates a repo with a write token and refuses read tokens and other namespaces", async () => {
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "first", organization: null, type: "model" },
      alice,
    );
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ name: "alice/first", url: `${hub.url}/alice/first` });

    expect((await postJson(`${hub.url}/api/repos/create`, { name: "nope" }, aliceRead)).status).toBe(403);
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "nope", organization: "alice" }, bob)).status,
    ).toBe(403);
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "nope" })).status).toBe(401);
  });

  it("answers 409 with the url for an existing repo", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "twice", type: "dataset" }, alice);
    const again = await postJson(`${hub.url}/api/repos/create`, { name: "twice", type: "dataset" }, alice);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ url: `${hub.url}/datasets/alice/twice` });
  });

  it("lets org members write to the org and keeps others out", async () => {
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "team-model", organization: "acme" }, alice))
        .status,
    ).toBe(200);
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "bob-model", organization: "acme" }, bob))
        .status,
    ).toBe(403);
    const settings = await postJson(
      `${hub.url}/api/models/acme/team-model/settings`,
      { private: true },
      bob,
      "PUT",
    );
    expect(settings.status).toBe(403);
  });

  it("hides private repos from everyone without access", async () => {
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "secret", organization: "acme", visibility: "private" },
      alice,
    );
    expect(res.status).toBe(200);
    const asBob = await fetch(`${hub.url}/api/models/acme/secret`, { headers: bearer(bob) });
    expect(asBob.status).toBe(404);
    expect(asBob.headers.get("X-Error-Code")).toBe("RepoNotFound");
    expect((await fetch(`${hub.url}/api/models/acme/secret`)).status).toBe(401);
    const asMember = await fetch(`${hub.url}/api/models/acme/secret`, { headers: bearer(aliceRead) });
    expect(asMember.status).toBe(200);
    expect(await asMember.json()).toMatchObject({ id: "acme/secret", private: true });

    const listed = (await (
      await fetch(`${hub.url}/api/models?author=acme`, { headers: bearer(bob) })
    ).json()) as { id: string }[];
    expect(listed.map((m) => m.id)).not.toContain("acme/secret");
    const mine = (await (
      await fetch(`${hub.url}/api/models?author=acme`, { headers: bearer(alice) })
    ).json()) as { id: string }[];
    expect(mine.map((m) => m.id)).toContain("acme/secret");
  });

  it("changes visibility through settings", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "flip" }, alice);
    const res = await postJson(`${hub.url}/api/models/alice/flip/settings`, { private: true }, alice, "PUT");
    expect(await res.json()).toMatchObject({ private: true });
    expect((await fetch(`${hub.url}/api/models/alice/flip`)).status).toBe(401);
  });

  it("moves and deletes repos for writers only", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "mover" }, alice);
    expect(
      (await postJson(`${hub.url}/api/repos/move`, { fromRepo: "alice/mover", toRepo: "bob/mover" }, alice))
        .status,
    ).toBe(403);
    const moved = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "alice/mover", toRepo: "acme/moved" },
      alice,
    );
    expect(moved.status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/acme/moved`)).status).toBe(200);
    const oldName = await fetch(`${hub.url}/api/models/alice/mover`, { redirect: "manual" });
    expect(oldName.status).toBe(307);
    expect(oldName.headers.get("Location")).toBe("/api/models/acme/moved");

    expect(
      (await postJson(`${hub.url}/api/repos/delete`, { name: "moved", organization: "acme" }, bob, "DELETE"))
        .status,
    ).toBe(403);
    expect(
      (
        await postJson(
          `${hub.url}/api/repos/delete`,
          { name: "moved", organization: "acme" },
          alice,
          "DELETE",
        )
      ).status,
    ).toBe(200);
    const gone = await postJson(
      `${hub.url}/api/repos/delete`,
      { name: "moved", organization: "acme" },
      alice,
      "DELETE",
    );
    expect(gone.status).toBe(404);
    expect(gone.headers.get("X-Error-Code")).toBe("RepoNotFound");
  });

  it("signs in with a password and manages personal tokens", async () => {
    await hub.services.accounts.setPassword("bob", "correct horse");
    expect(
      (await postJson(`${hub.url}/api/login`, { username: "bob", password: "wrong password" })).status,
    ).toBe(401);
    const login = await postJson(`${hub.url}/api/login`, { username: "bob", password: "correct horse" });
    expect(login.status).toBe(200);
    // the browser gets a session cookie (web-sessions.test.ts), programs use personal tokens
    const accessToken = bob;

    const created = await postJson(
      `${hub.url}/api/settings/tokens`,
      { displayName: "laptop", role: "read" },
      accessToken,
    );
    const token = (await created.json()) as { id: string; token: string };
    expect(token.token).toMatch(/^hf_/);
    const list = (await (
      await fetch(`${hub.url}/api/settings/tokens`, { headers: bearer(accessToken) })
    ).json()) as { id: string; displayName: string }[];
    expect(list.map((t) => t.displayName)).toContain("laptop");
    expect(JSON.stringify(list)).not.toContain(token.token);

    const revoked = await fetch(`${hub.url}/api/settings/tokens/${token.id}`, {
      method: "DELETE",
      headers: bearer(accessToken),
    });
    expect(revoked.status).toBe(200);
    expect((await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(token.token) })).status).toBe(401);
  });

  it("likes and unlikes", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "likeable" }, alice);
    const liked = await postJson(`${hub.url}/api/models/alice/likeable/like`, {}, bob);
    expect(await liked.json()).toMatchObject({ liked: true, likes: 1 });
    await postJson(`${hub.url}/api/models/alice/likeable/like`, {}, bob);
    expect(await (await fetch(`${hub.url}/api/models/alice/likeable`)).json()).toMatchObject({ likes: 1 });
    const likers = await (await fetch(`${hub.url}/api/models/alice/likeable/likers`)).json();
    expect(likers).toEqual([{ user: "bob", type: "user" }]);
    const bobLikes = await (await fetch(`${hub.url}/api/users/bob/likes`)).json();
    expect(bobLikes).toMatchObject([{ repo: { name: "alice/likeable", type: "model" } }]);
    const unliked = await postJson(`${hub.url}/api/models/alice/likeable/like`, {}, bob, "DELETE");
    expect(await unliked.json()).toMatchObject({ liked: false, likes: 0 });
  });
});
