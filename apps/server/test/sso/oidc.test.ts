import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { CookieClient } from "./helpers/cookie-client.js";
import { freePort } from "./helpers/free-port.js";
import { startOidcIdp, type OidcIdp } from "./helpers/oidc-idp.js";
import { OidcSignIn, OidcSignInError } from "../../src/sso/oidc.js";
import { SignInFlows } from "../../src/sso/flows.js";

const CLIENT_ID = "modelhub";
const CLIENT_SECRET = "a-long-enough-client-secret-for-hs256-0123456789";

const USERS = {
  alice: {
    sub: "00u-alice",
    username: "alice",
    password: "alice-pw",
    name: "Alice Adams",
    email: "alice@corp.example",
    groups: ["ml-team", "everyone"],
  },
  bob: {
    sub: "00u-bob",
    username: "bob",
    password: "bob-pw",
    name: "Bob Brown",
    email: "bob@corp.example",
    groups: [],
  },
  carol: {
    sub: "00u-carol",
    username: "carol@corp.example",
    password: "carol-pw",
    name: "Carol",
    email: "carol@corp.example",
    groups: ["ml-admins"],
  },
};

interface SignedIn {
  client: CookieClient;
  landed: string;
  cookie: string;
}

describe.each(DIALECTS)("OpenID Connect sign-in against oidc-provider (%s)", (dialect) => {
  let hub: TestHub;
  let idp: OidcIdp;

  /** Button → IdP login form → credentials → back at the hub; stops before the hub's callback when asked. */
  async function toCallback(client: CookieClient, user: keyof typeof USERS, next = "/"): Promise<string> {
    const start = await client.request(`${hub.url}/auth/oidc/login?next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(302);
    const authorize = start.headers.get("Location")!;
    expect(authorize.startsWith(idp.issuer)).toBe(true);
    const form = await client.follow(authorize);
    expect(form.response.status).toBe(200);
    expect(await form.response.text()).toContain('id="idp-username"');
    let response = await client.request(form.url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        username: USERS[user].username,
        password: USERS[user].password,
      }).toString(),
    });
    let url = form.url;
    // follow the IdP's own redirects until it sends the browser back to the hub
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get("Location");
      expect(location, `IdP answered ${response.status}`).toBeTruthy();
      url = new URL(location!, url).href;
      if (url.startsWith(`${hub.url}/auth/oidc/callback`)) return url;
      response = await client.request(url);
    }
    throw new Error("the IdP never sent the browser back");
  }

  async function signIn(user: keyof typeof USERS, next = "/"): Promise<SignedIn> {
    const client = new CookieClient();
    const callback = await toCallback(client, user, next);
    const done = await client.request(callback);
    expect(done.status, await done.clone().text()).toBe(303);
    const cookie = client.cookie(hub.url, "modelhub_session");
    expect(cookie).toBeTruthy();
    return { client, landed: done.headers.get("Location")!, cookie: `modelhub_session=${cookie}` };
  }

  async function whoami(cookie: string) {
    const response = await fetch(`${hub.url}/api/whoami-v2`, { headers: { Cookie: cookie } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    const port = await freePort();
    const hubUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcIdp({ hubUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, users: USERS });
    hub = await startTestHub({
      dialect,
      port,
      env: {
        MODELHUB_OIDC_ISSUER: idp.issuer,
        MODELHUB_OIDC_CLIENT_ID: CLIENT_ID,
        MODELHUB_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        MODELHUB_OIDC_SCOPES: "openid profile email groups",
        MODELHUB_OIDC_NAME: "Corp SSO",
        MODELHUB_SSO_GROUP_ROLES: "ml-admins=acme:admin,ml-team=acme:write",
      },
    });
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    await idp?.stop();
  });

  it("the sign-in page learns the configured provider", async () => {
    const providers = await (await fetch(`${hub.url}/api/auth/providers`)).json();
    expect(providers).toEqual({ password: true, oidc: { name: "Corp SSO", url: "/auth/oidc/login" } });
  });

  it("first sign-in creates the account just in time, in the mapped org and role", async () => {
    const { landed, cookie } = await signIn("alice", "/models?sort=likes");
    expect(landed).toBe("/models?sort=likes");
    const me = await whoami(cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: "alice", fullname: "Alice Adams", email: "alice@corp.example" });
    expect(me.body.orgs).toEqual([expect.objectContaining({ name: "acme", roleInOrg: "write" })]);
    const session = await (await fetch(`${hub.url}/api/session`, { headers: { Cookie: cookie } })).json();
    expect(session).toMatchObject({ signedIn: true, user: "alice", method: "oidc" });
    // an e-mail-shaped preferred_username becomes a valid hub name; ml-admins maps to admin
    const carol = await signIn("carol");
    expect((await whoami(carol.cookie)).body).toMatchObject({
      name: "carol",
      orgs: [expect.objectContaining({ name: "acme", roleInOrg: "admin" })],
    });
  });

  it("later sign-ins match by the IdP subject, never by a name a local user registered first", async () => {
    await hub.services.accounts.createUser({
      name: "bob",
      email: "bob@corp.example",
      password: "local-bob-pw",
    });
    const first = await signIn("bob");
    expect((await whoami(first.cookie)).body.name).toBe("bob-2");
    const again = await signIn("bob");
    expect((await whoami(again.cookie)).body.name).toBe("bob-2");
    // the local bob is untouched (no link by e-mail unless the admin allows it)
    expect((await hub.services.accounts.checkPassword("bob", "local-bob-pw"))?.name).toBe("bob");
  });

  it("a wrong state, a missing flow cookie and a replayed callback are refused without a session", async () => {
    const client = new CookieClient();
    const callback = await toCallback(client, "alice");
    const tampered = new URL(callback);
    tampered.searchParams.set("state", "forged-state");
    const wrongState = await client.request(tampered.href);
    expect(wrongState.status).toBe(400);
    expect((await wrongState.json()).error).toMatch(/state/i);
    expect(client.cookie(hub.url, "modelhub_session")).toBeUndefined();

    // the flow was spent by that attempt: the genuine answer cannot be used after it either
    const afterwards = await client.request(callback);
    expect(afterwards.status).toBe(400);

    const stranger = new CookieClient();
    const noCookie = await stranger.request(callback);
    expect(noCookie.status).toBe(400);
    expect((await noCookie.json()).error).toMatch(/unknown, already used or expired/);
  });

  it("a replayed authorization code is refused by the code exchange", async () => {
    const client = new CookieClient();
    const callback = await toCallback(client, "alice");
    const flow = client.cookie(hub.url, "modelhub_sso_flow")!;
    expect((await client.request(callback)).status).toBe(303);
    // a new flow of the same browser, answered with the old (used) code and the new state
    const fresh = await client.request(`${hub.url}/auth/oidc/login`);
    const state = new URL(fresh.headers.get("Location")!).searchParams.get("state")!;
    expect(client.cookie(hub.url, "modelhub_sso_flow")).not.toBe(flow);
    const replay = new URL(callback);
    replay.searchParams.set("state", state);
    const refused = await client.request(replay.href);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/refused/i);
  });

  it("refuses forged ID tokens: wrong aud or iss, expired, unsigned, alg none, another client's, wrong nonce", async () => {
    const flows = new SignInFlows(hub.services.hub.db);
    const rp = new OidcSignIn(
      {
        issuer: idp.forgeIssuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        scopes: "openid",
        name: "forge",
        usernameClaim: "preferred_username",
        groupsClaim: "groups",
      },
      flows,
    );
    const attempt = async (mode: string) => {
      const started = await rp.start(`${hub.url}/auth/oidc/callback`, "/");
      const url = new URL(started.url);
      await idp.forge({ mode, nonce: url.searchParams.get("nonce")!, clientId: CLIENT_ID });
      const callback = new URL(`${hub.url}/auth/oidc/callback`);
      callback.searchParams.set("code", "any-code");
      callback.searchParams.set("state", url.searchParams.get("state")!);
      return rp.finish(started.flowId, callback);
    };
    const ok = await attempt("ok");
    expect(ok.profile.subject).toBe("forged-user");
    for (const mode of [
      "wrong-aud",
      "wrong-iss",
      "expired",
      "alg-none",
      "bad-signature",
      "other-client",
      "wrong-nonce",
    ])
      await expect(attempt(mode), mode).rejects.toBeInstanceOf(OidcSignInError);
  });

  it("removing a user from ml-team at the IdP takes away org writes at the next sign-in", async () => {
    const first = await signIn("alice");
    const csrf = (await (await fetch(`${hub.url}/api/session`, { headers: { Cookie: first.cookie } })).json())
      .csrfToken;
    const created = await fetch(`${hub.url}/api/settings/tokens`, {
      method: "POST",
      headers: { Cookie: first.cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json" },
      body: JSON.stringify({ displayName: "ci", role: "write" }),
    });
    const token = ((await created.json()) as { token: string }).token;
    const repo = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "team-model", organization: "acme", type: "model" },
      token,
    );
    expect(repo.status).toBe(200);

    await idp.setUser("alice", { groups: ["everyone"] });
    const second = await signIn("alice");
    expect((await whoami(second.cookie)).body.orgs).toEqual([]);
    const denied = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "another", organization: "acme", type: "model" },
      token,
    );
    expect(denied.status).toBe(403);
    const settings = await fetch(`${hub.url}/api/models/acme/team-model/settings`, {
      method: "PUT",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ private: true }),
    });
    expect([403, 404]).toContain(settings.status);
    await idp.setUser("alice", { groups: ["ml-team", "everyone"] });
  });

  it("sign-out ends the session and offers the IdP's end-session URL (RP-initiated logout)", async () => {
    const { cookie } = await signIn("alice");
    const csrf = (await (await fetch(`${hub.url}/api/session`, { headers: { Cookie: cookie } })).json())
      .csrfToken;
    const out = await fetch(`${hub.url}/api/logout`, {
      method: "POST",
      headers: { Cookie: cookie, "X-CSRF-Token": csrf },
    });
    const body = (await out.json()) as { signedOut: boolean; idpLogoutUrl?: string };
    expect(body.signedOut).toBe(true);
    const end = new URL(body.idpLogoutUrl!);
    expect(end.href.startsWith(idp.issuer)).toBe(true);
    expect(end.searchParams.get("id_token_hint")).toMatch(/^ey/);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${hub.url}/`);
    expect((await whoami(cookie)).status).toBe(401);
    // the IdP accepts the request (its confirmation page)
    expect((await fetch(end)).status).toBe(200);
  });

  it("a disabled account cannot sign in", async () => {
    await signIn("carol");
    await hub.services.accounts.setDisabled("carol", true);
    const client = new CookieClient();
    const callback = await toCallback(client, "carol");
    const refused = await client.request(callback);
    expect(refused.status).toBe(403);
    expect(client.cookie(hub.url, "modelhub_session")).toBeUndefined();
    await hub.services.accounts.setDisabled("carol", false);
  });
});
