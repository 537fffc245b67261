import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const READ_ONLY = "This action needs a write token; this token is read-only";

/** Every state-changing route, as `[method, path, body]`; all of them must refuse a read token. */
const WRITE_ROUTES: [string, string, unknown][] = [
  ["GET", "/api/settings/tokens", undefined],
  ["POST", "/api/settings/tokens", { displayName: "escalate", role: "write" }],
  ["DELETE", "/api/settings/tokens/some-id", undefined],
  ["POST", "/api/models/alice/kept/like", undefined],
  ["DELETE", "/api/models/alice/kept/like", undefined],
  ["POST", "/api/models/alice/kept/ask-access", {}],
  ["POST", "/api/models/alice/kept/user-access-request/cancel", {}],
  ["POST", "/api/models/alice/kept/user-access-request/handle", { user: "bob", status: "accepted" }],
  ["POST", "/api/models/alice/kept/user-access-request/grant", { user: "bob" }],
  ["PUT", "/api/models/alice/kept/settings", { private: true }],
  ["POST", "/api/repos/create", { name: "new-one", type: "model" }],
  ["DELETE", "/api/repos/delete", { name: "kept", organization: "alice", type: "model" }],
  ["POST", "/api/repos/move", { fromRepo: "alice/kept", toRepo: "alice/moved", type: "model" }],
  ["POST", "/api/organizations/new", { name: "readers-org" }],
  ["POST", "/api/organizations/acme/members", { user: "bob", role: "read" }],
  ["PUT", "/api/organizations/acme/members/alice/role", { role: "write" }],
  ["DELETE", "/api/organizations/acme/members/alice", undefined],
  ["POST", "/api/models/alice/kept/commit/main", { summary: "x", files: [] }],
  ["POST", "/api/models/alice/kept/preupload/main", { files: [] }],
  ["POST", "/api/models/alice/kept/branch/feature", {}],
  ["DELETE", "/api/models/alice/kept/branch/feature", undefined],
  ["POST", "/api/models/alice/kept/tag/v1", { tag: "v1" }],
  ["DELETE", "/api/models/alice/kept/tag/v1", undefined],
];

describe.each(DIALECTS)("read tokens never change anything (%s)", (dialect) => {
  let hub: TestHub;
  let aliceWrite: string;
  let aliceRead: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    aliceWrite = await hub.tokenFor("alice");
    aliceRead = await hub.tokenFor("alice", "read");
    await hub.tokenFor("bob");
    await hub.services.accounts.createOrg({ name: "acme", members: ["alice"] });
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "kept", type: "model" },
      aliceWrite,
    );
    expect(created.status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it.each(WRITE_ROUTES)(
    "%s %s answers 403 to a read token and 401 to no token",
    async (method, path, body) => {
      const send = (token?: string) =>
        method === "GET"
          ? fetch(`${hub.url}${path}`, { headers: token ? bearer(token) : {} })
          : postJson(`${hub.url}${path}`, body ?? {}, token, method);
      const asRead = await send(aliceRead);
      expect(asRead.status).toBe(403);
      expect(await asRead.json()).toEqual({ error: READ_ONLY });
      const anonymous = await send();
      expect(anonymous.status).toBe(401);
    },
  );

  it("a read token cannot mint a write token, and nothing changed", async () => {
    const tokens = await fetch(`${hub.url}/api/settings/tokens`, { headers: bearer(aliceWrite) });
    const names = ((await tokens.json()) as { displayName: string }[]).map((token) => token.displayName);
    expect(names).not.toContain("escalate");
    const repo = await fetch(`${hub.url}/api/models/alice/kept`, { headers: bearer(aliceWrite) });
    expect(await repo.json()).toMatchObject({ likes: 0, private: false });
    const org = await fetch(`${hub.url}/api/organizations/acme/members`);
    expect(await org.json()).toEqual([{ user: "alice", role: "admin" }]);
  });

  it("read tokens still read: like status, whoami, private listings", async () => {
    expect(
      (await fetch(`${hub.url}/api/models/alice/kept/like`, { headers: bearer(aliceRead) })).status,
    ).toBe(200);
    expect((await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(aliceRead) })).status).toBe(200);
  });
});
