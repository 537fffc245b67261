import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SCIM_TYPE = "application/scim+json";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

describe.each(DIALECTS)("SCIM 2.0 provisioning (%s)", (dialect) => {
  let hub: TestHub;
  let ownerToken: string;
  let scimToken: string;
  let scimBase: string;

  /** A SCIM call as an identity provider makes it. */
  async function scim(method: string, path: string, body?: unknown, token = scimToken) {
    const response = await fetch(`${scimBase}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": SCIM_TYPE } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get("Content-Type") ?? "",
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM answers are read ad hoc by the assertions
      body: (text ? JSON.parse(text) : undefined) as Record<string, any>,
    };
  }

  async function roleIn(user: string): Promise<string | undefined> {
    const members = await (
      await fetch(`${hub.url}/api/organizations/acme/members`, { headers: bearer(ownerToken) })
    ).json();
    return (members as { user: string; role: string }[]).find((m) => m.user === user)?.role;
  }

  /** A browser session and a write token of `user`, to watch them stop. */
  async function credentialsOf(user: string) {
    const token = (await hub.services.accounts.createToken(user, { displayName: "laptop", role: "write" }))
      .token;
    const login = await postJson(`${hub.url}/api/login`, { token });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0];
    return { token, cookie };
  }

  async function works(credentials: { token: string; cookie: string }) {
    const byToken = await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(credentials.token) });
    const bySession = await fetch(`${hub.url}/api/whoami-v2`, { headers: { Cookie: credentials.cookie } });
    return { token: byToken.status, session: bySession.status };
  }

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_SSO_GROUP_ROLES: "contoso-admins=acme:admin" } });
    ownerToken = await hub.tokenFor("owner");
    expect(
      (await postJson(`${hub.url}/api/organizations/new`, { name: "acme" }, ownerToken)).status,
    ).toBeLessThan(300);
    const settings = await postJson(
      `${hub.url}/api/organizations/acme/settings/sso`,
      {
        require2fa: false,
        groupsAttribute: null,
        mappings: [
          { group: "ml-team", role: "write" },
          { group: "ml-admins", role: "admin" },
        ],
      },
      ownerToken,
      "PUT",
    );
    expect(settings.status).toBe(200);
    const created = await postJson(
      `${hub.url}/api/organizations/acme/settings/scim-tokens`,
      { displayName: "Entra ID" },
      ownerToken,
    );
    const body = (await created.json()) as { token: string; prefix: string };
    scimToken = body.token;
    expect(scimToken).toMatch(/^scim_/);
    scimBase = `${hub.url}/api/organizations/acme/scim/v2`;
  }, 60_000);
  afterAll(async () => hub?.stop());

  it("answers the discovery documents and refuses missing or foreign tokens in SCIM's error schema", async () => {
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.type).toContain(SCIM_TYPE);
    expect(config.body.patch).toEqual({ supported: true });
    expect((await scim("GET", "/ResourceTypes")).body.Resources.map((r: { id: string }) => r.id)).toEqual([
      "User",
      "Group",
    ]);
    expect((await scim("GET", "/Schemas")).body.totalResults).toBe(2);

    const anonymous = await fetch(`${scimBase}/Users`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ schemas: [ERROR], status: "401" });
    expect((await scim("GET", "/Users", undefined, ownerToken)).status).toBe(401);
    // another org's SCIM token does not open this org
    await postJson(`${hub.url}/api/organizations/new`, { name: "other" }, ownerToken);
    const foreign = (await (
      await postJson(`${hub.url}/api/organizations/other/settings/scim-tokens`, {}, ownerToken)
    ).json()) as { token: string };
    expect((await scim("GET", "/Users", undefined, foreign.token)).status).toBe(401);
    // only the org's admins create SCIM tokens
    const outsider = await hub.tokenFor("outsider");
    expect(
      (await postJson(`${hub.url}/api/organizations/acme/settings/scim-tokens`, {}, outsider)).status,
    ).toBe(403);
  });

  it('Azure AD\'s sequence: create, patch, group membership → role, active "False" → session and token stop', async () => {
    const userName = "alice.anders@contoso.example";
    expect(
      (await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).body,
    ).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    const created = await scim("POST", "/Users", {
      schemas: [
        "urn:ietf:params:scim:schemas:core:2.0:User",
        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
      ],
      externalId: "5f1e3c2a-aaaa-bbbb-cccc-000000000001",
      userName,
      active: true,
      displayName: "Alice Anders",
      emails: [{ primary: true, type: "work", value: userName }],
      meta: { resourceType: "User" },
      name: { formatted: "Alice Anders", familyName: "Anders", givenName: "Alice" },
      "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": { department: "Research" },
      roles: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      userName,
      active: true,
      externalId: "5f1e3c2a-aaaa-bbbb-cccc-000000000001",
    });
    expect(created.body.meta.location).toBe(`${scimBase}/Users/${id}`);
    const hubName = (await hub.services.accounts.findUserById(id))!.name;
    expect(hubName).toBe("alice.anders");
    expect(await roleIn(hubName)).toBe("read");

    // the same filter Azure AD sends before each update, in another letter case
    const found = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "ALICE.anders@contoso.example"`)}`,
    );
    expect(found.body.totalResults).toBe(1);
    const patched = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "Replace", path: "displayName", value: "Alice A." },
        { op: "Add", path: 'emails[type eq "work"].value', value: "alice@contoso.example" },
        { op: "Replace", path: "name.givenName", value: "Alicia" },
        {
          op: "Replace",
          path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department",
          value: "ML",
        },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name.givenName).toBe("Alicia");
    expect(patched.body.emails[0].value).toBe("alice@contoso.example");
    const me = await (
      await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer((await credentialsOf(hubName)).token) })
    ).json();
    expect(me).toMatchObject({ name: hubName, fullname: "Alice Anders", email: "alice@contoso.example" });

    const group = await scim("POST", "/Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      externalId: "group-ml-team",
      displayName: "ml-team",
      meta: { resourceType: "Group" },
    });
    expect(group.status).toBe(201);
    const add = await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: id }] }],
    });
    expect(add.status).toBe(200);
    expect(add.body.members).toEqual([expect.objectContaining({ value: id })]);
    expect(await roleIn(hubName)).toBe("write");
    await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Remove", path: "members", value: [{ $ref: null, value: id }] }],
    });
    expect(await roleIn(hubName)).toBe("read");

    const credentials = await credentialsOf(hubName);
    expect(await works(credentials)).toEqual({ token: 200, session: 200 });
    const off = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await works(credentials)).toEqual({ token: 401, session: 401 });
    expect((await postJson(`${hub.url}/api/login`, { token: credentials.token })).status).toBe(401);

    expect((await scim("DELETE", `/Users/${id}`)).status).toBe(204);
    const gone = await scim("GET", `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR], status: "404" });
    expect(await roleIn(hubName)).toBeUndefined();
  });

  it("Okta's sequence: create, PUT, group push with members, rename, remove, replace active → stops at once", async () => {
    const userName = "bob.brown@okta.example";
    const list = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`,
    );
    expect(list.body).toMatchObject({ totalResults: 0, startIndex: 1 });
    const created = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
      name: { givenName: "Bob", familyName: "Brown" },
      emails: [{ primary: true, value: userName, type: "work" }],
      displayName: "Bob Brown",
      locale: "en-US",
      externalId: "00ujl29u0le5T6Aj10h7",
      groups: [],
      password: "1mz050nq",
      active: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).not.toHaveProperty("password");
    const duplicate = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ schemas: [ERROR], scimType: "uniqueness" });

    const put = await scim("PUT", `/Users/${id}`, {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      id,
      userName,
      name: { givenName: "Robert", familyName: "Brown" },
      emails: [{ primary: true, value: userName, type: "work" }],
      active: true,
    });
    expect(put.status).toBe(200);
    const hubName = (await hub.services.accounts.findUserById(id))!.name;
    expect((await hub.services.accounts.findUser(hubName))!.fullname).toBe("Robert Brown");

    const group = await scim("POST", "/Groups", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "ml-admins",
      members: [{ value: id, display: userName }],
    });
    expect(group.status).toBe(201);
    expect(await roleIn(hubName)).toBe("admin");
    const listed = await scim(
      "GET",
      `/Groups?filter=${encodeURIComponent('displayName eq "ml-admins"')}&excludedAttributes=members`,
    );
    expect(listed.body.Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { id: group.body.id, displayName: "ml-admins-old" } }],
    });
    expect(await roleIn(hubName)).toBe("read");
    await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "add", path: "members", value: [{ value: id }] },
        { op: "replace", path: "displayName", value: "ml-team" },
      ],
    });
    expect(await roleIn(hubName)).toBe("write");
    const removed = await scim("PATCH", `/Groups/${group.body.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "remove", path: `members[value eq "${id}"]` }],
    });
    expect(removed.body.members).toEqual([]);
    expect(await roleIn(hubName)).toBe("read");

    const credentials = await credentialsOf(hubName);
    const off = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(off.body.active).toBe(false);
    expect(await works(credentials)).toEqual({ token: 401, session: 401 });
    // re-activation lets the person back in (their tokens with them)
    await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect((await works(credentials)).token).toBe(200);
  });

  it("links the account of someone who already signed in with company sign-in, and the other way round", async () => {
    const signedIn = await hub.sso.accountFor({
      provider: "oidc",
      subject: "oidc-gina",
      username: "gina@corp.example",
      email: "gina@corp.example",
      emailVerified: true,
      groups: [],
      attributes: {},
    });
    await hub.services.accounts.addMember("acme", signedIn.name, "read");
    const linked = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "gina@corp.example",
    });
    expect(linked.status).toBe(201);
    expect(linked.body.id).toBe(signedIn.id);

    // provisioned first, signed in later: the same account
    const provisioned = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "hank@corp.example",
      emails: [{ value: "hank@corp.example", primary: true }],
    });
    const later = await hub.sso.accountFor({
      provider: "oidc",
      subject: "oidc-hank",
      username: "hank@corp.example",
      email: "hank@corp.example",
      emailVerified: true,
      groups: [],
      attributes: {},
    });
    expect(later.id).toBe(provisioned.body.id);
  });

  it("bad input answers SCIM errors, never a 500", async () => {
    const cases: [string, string, unknown, number, string?][] = [
      ["GET", `/Users?filter=${encodeURIComponent("userName eq")}`, undefined, 400, "invalidFilter"],
      ["GET", "/Users/nope", undefined, 404],
      ["POST", "/Users", { schemas: [] }, 400, "invalidValue"],
      ["POST", "/Users", { userName: "x", active: "maybe" }, 400, "invalidValue"],
      ["POST", "/Groups", { displayName: "g", members: [{ value: "not-a-user" }] }, 400, "invalidValue"],
      ["PATCH", "/Groups/nope", { schemas: [PATCH_OP], Operations: [] }, 404],
      ["GET", "/Nothing", undefined, 404],
    ];
    for (const [method, path, body, status, scimType] of cases) {
      const answer = await scim(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body).toMatchObject({
        schemas: [ERROR],
        status: String(status),
        ...(scimType ? { scimType } : {}),
      });
    }
    const user = await scim("POST", "/Users", { userName: "ivy@corp.example" });
    for (const patch of [
      {},
      { schemas: [PATCH_OP] },
      { schemas: [PATCH_OP], Operations: [{ op: "move" }] },
      { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "a[b" }] },
    ]) {
      const answer = await scim("PATCH", `/Users/${user.body.id}`, patch);
      expect(answer.status, JSON.stringify(patch)).toBe(400);
    }
    const notJson = await fetch(`${scimBase}/Users`, {
      method: "POST",
      headers: { Authorization: `Bearer ${scimToken}`, "Content-Type": SCIM_TYPE },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).schemas).toEqual([ERROR]);
  });
});
