import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSessions } from "../../src/platform/web-sessions.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const PASSWORD = "correct horse battery";

interface SignedIn {
  cookie: string;
  setCookie: string;
  csrfToken: string;
  body: Record<string, unknown>;
  response: Response;
}

async function signIn(
  hub: TestHub,
  username: string,
  userAgent = "vitest browser",
  base = hub.url,
): Promise<SignedIn> {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const body = (await response.json()) as Record<string, unknown>;
  return { cookie: setCookie.split(";")[0], setCookie, csrfToken: String(body.csrfToken), body, response };
}

/** A request as the web app sends it: the cookie, plus the CSRF header when given. */
function asBrowser(
  hub: TestHub,
  path: string,
  session: { cookie: string; csrfToken?: string },
  init: { method?: string; json?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Cookie: session.cookie };
  if (session.csrfToken) headers["X-CSRF-Token"] = session.csrfToken;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${hub.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

describe.each(DIALECTS)("web sessions (%s)", (dialect) => {
  let hub: TestHub;
  let gwenToken: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    gwenToken = await hub.tokenFor("gwen");
    await hub.services.accounts.setPassword("gwen", PASSWORD);
  });
  afterAll(() => hub?.stop());

  it("sign-in sets an HttpOnly SameSite cookie, answers no-store and hands out no token", async () => {
    const session = await signIn(hub, "gwen");
    expect(session.response.headers.get("Cache-Control")).toBe("no-store");
    expect(session.setCookie).toMatch(/^modelhub_session=[A-Za-z0-9_-]{40,};/);
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/SameSite=Strict/i);
    expect(session.setCookie).toMatch(/Path=\//);
    expect(session.setCookie).not.toMatch(/Secure/i);
    expect(session.body).toEqual({ user: { name: "gwen", fullname: "gwen" }, csrfToken: expect.any(String) });
    expect(JSON.stringify(session.body)).not.toMatch(/hf_/);

    const tokens = await fetch(`${hub.url}/api/settings/tokens`, { headers: bearer(gwenToken) });
    expect(tokens.headers.get("Cache-Control")).toBe("no-store");
    const names = ((await tokens.json()) as { displayName: string }[]).map((token) => token.displayName);
    expect(names).not.toContain("web sign-in");
  });

  it("the cookie signs the browser in: whoami, /api/session", async () => {
    const session = await signIn(hub, "gwen");
    const me = await asBrowser(hub, "/api/whoami-v2", session);
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toBe("no-store");
    expect(await me.json()).toMatchObject({ name: "gwen", auth: { type: "web_session" } });
    const current = await asBrowser(hub, "/api/session", session);
    expect(current.headers.get("Cache-Control")).toBe("no-store");
    expect(await current.json()).toMatchObject({
      signedIn: true,
      user: "gwen",
      csrfToken: session.csrfToken,
    });
    expect(await (await fetch(`${hub.url}/api/session`)).json()).toEqual({ signedIn: false });
  });

  it("cookie writes need the session's CSRF token; bearer tokens do not", async () => {
    const session = await signIn(hub, "gwen");
    const create = (name: string, csrfToken?: string) =>
      asBrowser(
        hub,
        "/api/repos/create",
        { cookie: session.cookie, csrfToken },
        { method: "POST", json: { name } },
      );

    const missing = await create("no-csrf");
    expect(missing.status).toBe(403);
    expect((await missing.json()).error).toMatch(/CSRF token.*X-CSRF-Token/);
    expect((await create("wrong-csrf", "not-the-token")).status).toBe(403);
    const other = await signIn(hub, "gwen");
    expect((await create("other-sessions-csrf", other.csrfToken)).status).toBe(403);
    expect((await create("with-csrf", session.csrfToken)).status).toBe(200);

    const created = await asBrowser(hub, "/api/settings/tokens", session, {
      method: "POST",
      json: { displayName: "laptop", role: "read" },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    expect((await created.json()).token).toMatch(/^hf_/);

    const byToken = await postJson(`${hub.url}/api/repos/create`, { name: "by-token" }, gwenToken);
    expect(byToken.status).toBe(200);
  });

  it("lists the user's sessions (not tokens) and revokes one", async () => {
    const kept = await signIn(hub, "gwen", "kept browser");
    const doomed = await signIn(hub, "gwen", "lost phone");
    const listed = await asBrowser(hub, "/api/settings/sessions", kept);
    expect(listed.status).toBe(200);
    const sessions = (await listed.json()) as { id: string; userAgent: string; current: boolean }[];
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(["kept browser"]);
    const target = sessions.find((s) => s.userAgent === "lost phone");
    expect(target).toBeDefined();

    const anyOther = await hub.tokenFor("henry");
    expect(
      (
        await fetch(`${hub.url}/api/settings/sessions/${target!.id}`, {
          method: "DELETE",
          headers: bearer(anyOther),
        })
      ).status,
    ).toBe(404);
    const revoked = await asBrowser(hub, `/api/settings/sessions/${target!.id}`, kept, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await asBrowser(hub, "/api/whoami-v2", doomed)).status).toBe(401);
    expect((await asBrowser(hub, "/api/whoami-v2", kept)).status).toBe(200);
  });

  it("sign-out ends the session: the old cookie is refused afterwards", async () => {
    const session = await signIn(hub, "gwen");
    const out = await asBrowser(hub, "/api/logout", session, { method: "POST" });
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(/modelhub_session=;.*Max-Age=0/);
    expect((await asBrowser(hub, "/api/whoami-v2", session)).status).toBe(401);
    expect(await (await asBrowser(hub, "/api/session", session)).json()).toEqual({ signedIn: false });
    const write = await asBrowser(hub, "/api/repos/create", session, {
      method: "POST",
      json: { name: "after-out" },
    });
    expect(write.status).toBe(401);
  });

  it("a pasted write token becomes a session; read and unknown tokens do not", async () => {
    const exchange = (token: string) => postJson(`${hub.url}/api/login`, { token });
    const ok = await exchange(gwenToken);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^modelhub_session=/);
    expect(await ok.json()).toMatchObject({ user: { name: "gwen" } });
    const read = await exchange(await hub.tokenFor("gwen", "read"));
    expect(read.status).toBe(403);
    expect(read.headers.get("Set-Cookie")).toBeNull();
    expect((await exchange("hf_NotATokenOfThisHubAtAll")).status).toBe(401);
  });

  it("a new password signs every browser of the user out", async () => {
    const session = await signIn(hub, "gwen");
    await hub.services.accounts.setPassword("gwen", PASSWORD);
    expect((await asBrowser(hub, "/api/whoami-v2", session)).status).toBe(401);
  });

  it("sessions slide with use and end after the idle or the absolute limit", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const sessions = new WebSessions(
      hub.services.hub.db,
      { idleMs: 30 * day, maxAgeMs: 90 * day },
      () => now,
    );
    const idle = await sessions.create("gwen", undefined);
    const busy = await sessions.create("gwen", undefined);
    for (let step = 0; step < 3; step += 1) {
      now += 29 * day;
      expect(await sessions.resolve(busy.secret)).toBeDefined();
    }
    expect(await sessions.resolve(idle.secret)).toBeUndefined();
    now += 29 * day;
    expect(await sessions.resolve(busy.secret)).toBeUndefined();
  });
});

describe("web sessions behind an https public URL", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_PUBLIC_URL: "https://hub.example.org" } });
    await hub.tokenFor("ivy");
    await hub.services.accounts.setPassword("ivy", PASSWORD);
  });
  afterAll(() => hub?.stop());

  it("marks the cookie Secure", async () => {
    const listening = `http://127.0.0.1:${hub.port}`;
    expect((await signIn(hub, "ivy", "vitest", listening)).setCookie).toMatch(/; Secure/);
  });
});
