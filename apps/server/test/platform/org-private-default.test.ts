import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("organisation setting: private repos by default (%s)", (dialect) => {
  let hub: TestHub;
  let admin = "";
  let writer = "";

  const setting = (value: unknown, token?: string) =>
    postJson(`${hub.url}/api/organizations/vault/settings`, { privateReposByDefault: value }, token, "PUT");
  const isPrivate = async (id: string) =>
    (
      (await (
        await fetch(`${hub.url}/api/models/${id}?expand=private`, { headers: bearer(admin) })
      ).json()) as {
        private: boolean;
      }
    ).private;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    admin = await hub.tokenFor("vera");
    writer = await hub.tokenFor("walt");
    await postJson(`${hub.url}/api/organizations/new`, { name: "vault" }, admin);
    await postJson(`${hub.url}/api/organizations/vault/members`, { user: "walt", role: "write" }, admin);
  });
  afterAll(() => hub?.stop());

  it("is off by default, set by org admins only, and shown in the overview", async () => {
    const overview = async () =>
      (await (await fetch(`${hub.url}/api/organizations/vault/overview`)).json()) as {
        privateReposByDefault: boolean;
      };
    expect((await overview()).privateReposByDefault).toBe(false);
    expect((await setting(true, writer)).status).toBe(403);
    expect((await setting(true)).status).toBe(401);
    expect((await setting("yes", admin)).status).toBe(400);
    expect((await setting(true, admin)).status).toBe(200);
    expect((await overview()).privateReposByDefault).toBe(true);
  });

  it("makes repos created without a visibility private; an explicit choice still wins", async () => {
    const create = (name: string, extra: object = {}) =>
      postJson(`${hub.url}/api/repos/create`, { name, organization: "vault", ...extra }, writer);
    expect((await create("implicit")).status).toBe(200);
    expect((await create("explicit", { private: false })).status).toBe(200);
    expect((await create("by-visibility", { visibility: "public" })).status).toBe(200);
    expect(await isPrivate("vault/implicit")).toBe(true);
    expect(await isPrivate("vault/explicit")).toBe(false);
    expect(await isPrivate("vault/by-visibility")).toBe(false);
    // a user's own namespace is unaffected
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "mine" }, writer)).status).toBe(200);
    expect(await isPrivate("walt/mine")).toBe(false);
  });
});
