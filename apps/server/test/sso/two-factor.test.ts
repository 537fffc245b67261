import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const PASSWORD = "a-good-long-password";

/** The code an authenticator app would show `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function login(hub: TestHub, body: Record<string, string>) {
  const response = await postJson(`${hub.url}/api/login`, body);
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  const json = (await response.json()) as Record<string, string>;
  return {
    status: response.status,
    code: response.headers.get("X-Error-Code"),
    body: json,
    cookie,
    csrf: json.csrfToken,
  };
}

function browser(
  hub: TestHub,
  session: { cookie: string; csrf?: string },
  path: string,
  init: { method?: string; json?: unknown } = {},
) {
  return fetch(`${hub.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      Cookie: session.cookie,
      ...(session.csrf ? { "X-CSRF-Token": session.csrf } : {}),
      ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

describe.each(DIALECTS)("two-factor authentication and sessions (%s)", (dialect) => {
  let hub: TestHub;
  let adminToken: string;
  let secret: string;
  let recovery: string[];

  beforeAll(async () => {
    adminToken = `hf_${"a".repeat(34)}`;
    hub = await startTestHub({ dialect, env: { MODELHUB_ADMIN_TOKEN: adminToken } });
    await hub.services.accounts.createUser({ name: "tess", password: PASSWORD });
  }, 60_000);
  afterAll(async () => hub?.stop());

  it("enrols: set-up, a wrong code refused, a right one turns it on and shows recovery codes once", async () => {
    const session = await login(hub, { username: "tess", password: PASSWORD });
    expect(session.status).toBe(200);
    expect(await (await browser(hub, session, "/api/settings/2fa")).json()).toMatchObject({
      enabled: false,
      available: true,
    });
    const setup = await (
      await browser(hub, session, "/api/settings/2fa/setup", { method: "POST", json: {} })
    ).json();
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/ModelHub:tess\?/);
    secret = setup.secret;
    const wrong = await browser(hub, session, "/api/settings/2fa/enable", {
      method: "POST",
      json: { code: "000000" },
    });
    expect(wrong.status).toBe(400);
    const enabled = await browser(hub, session, "/api/settings/2fa/enable", {
      method: "POST",
      json: { code: codeFor(secret) },
    });
    expect(enabled.status).toBe(200);
    recovery = ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(await (await browser(hub, session, "/api/settings/2fa")).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
  });

  it("sign-in then needs a code; the same code is refused a second time", async () => {
    const noCode = await login(hub, { username: "tess", password: PASSWORD });
    expect(noCode.status).toBe(401);
    expect(noCode.code).toBe("TwoFactorRequired");
    expect(noCode.cookie).toBe("");
    const code = codeFor(secret, 1);
    const first = await login(hub, { username: "tess", password: PASSWORD, code });
    expect(first.status).toBe(200);
    const session = await (await browser(hub, first, "/api/session")).json();
    expect(session.method).toBe("password+totp");
    const reused = await login(hub, { username: "tess", password: PASSWORD, code });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toMatch(/already used/);
    expect((await login(hub, { username: "tess", password: "wrong", code: codeFor(secret, 1) })).status).toBe(
      401,
    );
  });

  it("a recovery code works once", async () => {
    const used = await login(hub, { username: "tess", password: PASSWORD, code: recovery[0].toUpperCase() });
    expect(used.status).toBe(200);
    expect((await (await browser(hub, used, "/api/session")).json()).method).toBe("password+recovery");
    expect((await login(hub, { username: "tess", password: PASSWORD, code: recovery[0] })).status).toBe(401);
    expect(await (await browser(hub, used, "/api/settings/2fa")).json()).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it("an org that requires 2FA hides its private content from members' password sessions until they comply", async () => {
    const ownerToken = await hub.tokenFor("sec-owner");
    await postJson(`${hub.url}/api/organizations/new`, { name: "secure" }, ownerToken);
    await postJson(
      `${hub.url}/api/repos/create`,
      { name: "vault", organization: "secure", type: "model", private: true },
      ownerToken,
    );
    await hub.services.accounts.createUser({ name: "uma", password: PASSWORD });
    await hub.services.accounts.addMember("secure", "uma", "write");
    const umaToken = (await hub.services.accounts.createToken("uma", { displayName: "cli", role: "write" }))
      .token;
    const put = await postJson(
      `${hub.url}/api/organizations/secure/settings/sso`,
      { require2fa: true, groupsAttribute: null, mappings: [] },
      ownerToken,
      "PUT",
    );
    expect(put.status).toBe(200);

    const session = await login(hub, { username: "uma", password: PASSWORD });
    expect((await browser(hub, session, "/api/models/secure/vault")).status).toBe(404);
    expect((await (await browser(hub, session, "/api/session")).json()).blockedOrgs).toEqual(["secure"]);
    // tokens keep working
    expect((await fetch(`${hub.url}/api/models/secure/vault`, { headers: bearer(umaToken) })).status).toBe(
      200,
    );

    // uma sets up 2FA: the same session now sees the org
    const setup = await (
      await browser(hub, session, "/api/settings/2fa/setup", { method: "POST", json: {} })
    ).json();
    const on = await browser(hub, session, "/api/settings/2fa/enable", {
      method: "POST",
      json: { code: codeFor(setup.secret) },
    });
    expect(on.status).toBe(200);
    expect((await browser(hub, session, "/api/models/secure/vault")).status).toBe(200);
    expect((await (await browser(hub, session, "/api/session")).json()).blockedOrgs).toEqual([]);

    // turning 2FA off needs a code; then the password session is blocked again
    const codes = ((await on.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(
      (await browser(hub, session, "/api/settings/2fa/disable", { method: "POST", json: { code: "123456" } }))
        .status,
    ).toBe(400);
    const off = await browser(hub, session, "/api/settings/2fa/disable", {
      method: "POST",
      json: { code: codes[3] },
    });
    expect(off.status).toBe(200);
    expect((await browser(hub, session, "/api/models/secure/vault")).status).toBe(404);
  });

  it("lists and revokes one's own sessions; a site admin ends all of a user's sessions", async () => {
    const a = await login(hub, { username: "tess", password: PASSWORD, code: recovery[1] });
    const b = await login(hub, { username: "tess", password: PASSWORD, code: recovery[2] });
    const list = (await (await browser(hub, a, "/api/settings/sessions")).json()) as {
      id: string;
      current: boolean;
      method: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.find((s) => s.current)?.method).toBe("password+recovery");
    const other = list.find((s) => !s.current)!;
    expect((await browser(hub, a, `/api/settings/sessions/${other.id}`, { method: "DELETE" })).status).toBe(
      200,
    );

    const stranger = await hub.tokenFor("stranger");
    expect(
      (
        await fetch(`${hub.url}/api/admin/users/tess/sessions`, {
          method: "DELETE",
          headers: bearer(stranger),
        })
      ).status,
    ).toBe(403);
    const listed = await fetch(`${hub.url}/api/admin/users/tess/sessions`, { headers: bearer(adminToken) });
    expect(listed.status).toBe(200);
    const ended = await fetch(`${hub.url}/api/admin/users/tess/sessions`, {
      method: "DELETE",
      headers: bearer(adminToken),
    });
    expect(await ended.json()).toMatchObject({ user: "tess", ended: expect.any(Number) });
    expect((await browser(hub, a, "/api/whoami-v2")).status).toBe(401);
    expect((await browser(hub, b, "/api/whoami-v2")).status).toBe(401);
    expect(
      (
        await fetch(`${hub.url}/api/admin/users/nobody/sessions`, {
          method: "DELETE",
          headers: bearer(adminToken),
        })
      ).status,
    ).toBe(404);
  });
});

describe("MODELHUB_PASSWORD_LOGIN=0 (an SSO-only hub)", () => {
  let hub: TestHub;
  const adminToken = `hf_${"b".repeat(34)}`;

  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_PASSWORD_LOGIN: "0", MODELHUB_ADMIN_TOKEN: adminToken } });
    await hub.services.accounts.createUser({ name: "local", password: PASSWORD });
  }, 60_000);
  afterAll(async () => hub?.stop());

  it("refuses local passwords and keeps the site admin's break-glass token sign-in", async () => {
    expect(await (await fetch(`${hub.url}/api/auth/providers`)).json()).toEqual({ password: false });
    const refused = await login(hub, { username: "local", password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/Password sign-in is turned off/);
    const breakGlass = await login(hub, { token: adminToken });
    expect(breakGlass.status).toBe(200);
    expect((await (await browser(hub, breakGlass, "/api/whoami-v2")).json()).isAdmin).toBe(true);
  });
});
