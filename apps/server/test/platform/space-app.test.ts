import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const CARD = "---\nsdk: static\napp_file: site/index.html\n---\n# Probe\n";
const SITE = "<!doctype html><link rel=stylesheet href=style.css><script src=app.js></script><p>hello</p>";

describe.each(DIALECTS)("static spaces run from a sandboxed, credential-free prefix (%s)", (dialect) => {
  let hub: TestHub;
  let author = "";
  let viewer = "";

  const get = (pathname: string, token?: string) =>
    fetch(`${hub.url}${pathname}`, { redirect: "manual", headers: token ? bearer(token) : {} });
  /** The signed prefix the hub hands out for a space (follows the first redirect). */
  const appPrefix = async (space: string, token?: string) => {
    const res = await get(`/api/spaces/${space}/app`, token);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location") ?? "";
    return location.slice(0, location.lastIndexOf("/site/") + 1);
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    author = await hub.tokenFor("author");
    viewer = await hub.tokenFor("viewer");
    const files = [
      { path: "README.md", content: CARD, encoding: "utf-8" },
      { path: "site/index.html", content: SITE, encoding: "utf-8" },
      { path: "site/style.css", content: "body{color:red}", encoding: "utf-8" },
      { path: "site/app.js", content: "document.body.dataset.ran = 'yes';", encoding: "utf-8" },
    ];
    for (const [name, isPrivate, token] of [
      ["probe", false, author],
      ["hidden", true, viewer],
    ] as const) {
      const res = await postJson(
        `${hub.url}/api/repos/create`,
        { name, type: "space", sdk: "static", private: isPrivate, files },
        token,
      );
      expect(res.status).toBe(200);
    }
    const secret = [{ path: "secret.txt", content: "TOP-SECRET", encoding: "utf-8" }];
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "secret-model", private: true, files: secret },
      viewer,
    );
    expect(res.status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("redirects to the card's app_file under a prefix pinned to the commit", async () => {
    const res = await get("/api/spaces/author/probe/app");
    expect(res.status).toBe(302);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const sha = ((await (await get("/api/spaces/author/probe")).json()) as { sha: string }).sha;
    expect(res.headers.get("Location")).toMatch(
      new RegExp(`^/api/spaces/author/probe/app/${sha}\\.\\d+\\.[A-Za-z0-9_-]{43}/site/index\\.html$`),
    );
  });

  it("serves the app's files with real types, all under the sandbox policy", async () => {
    const prefix = await appPrefix("author/probe");
    const page = await get(`${prefix}site/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const policy = page.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toMatch(/^sandbox allow-scripts/);
    expect(policy).not.toContain("allow-same-origin");
    expect(policy).toContain(`connect-src ${hub.url}${prefix};`);
    expect(policy).toContain("default-src 'none'");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await page.text()).toBe(SITE);
    const script = await get(`${prefix}site/app.js`);
    expect(script.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("Content-Security-Policy")).toBe(policy);
    expect((await get(`${prefix}site/style.css`)).headers.get("Content-Type")).toBe(
      "text/css; charset=utf-8",
    );
    // the ordinary resolve route still serves HTML inert
    const resolved = await get("/spaces/author/probe/resolve/main/site/index.html");
    expect(resolved.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it("never steps out of the space, whatever the encoding", async () => {
    const prefix = await appPrefix("author/probe");
    for (const tail of [
      "x%2F..%2F..%2F..%2F..%2Fwhoami-v2",
      "site%2F..%2F..%2F..%2F..%2F..%2F..%2Fviewer%2Fsecret-model%2Fresolve%2Fmain%2Fsecret.txt",
      "..%2Fsite%2Findex.html",
      "%2E%2E/site/index.html",
      "site/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/whoami-v2",
      "site%5C..%5C..%5CREADME.md",
      ".git/config",
    ]) {
      const res = await get(`${prefix}${tail}`);
      // (a client may collapse `%2E%2E` itself: then the grant segment is gone and the answer is 403)
      expect([400, 403, 404], tail).toContain(res.status);
      expect(await res.text(), tail).not.toContain("TOP-SECRET");
      if (new URL(res.url).pathname.startsWith(prefix))
        expect(res.headers.get("Content-Security-Policy"), tail).toMatch(/^sandbox /);
    }
    expect((await get(`${prefix}%E0%A4%A`)).status).toBe(400);
  });

  it("ignores the caller's credentials: only the grant opens a private space's files", async () => {
    expect((await get("/api/spaces/viewer/hidden/app")).status).toBe(401);
    expect((await get("/api/spaces/viewer/hidden/app", author)).status).toBe(404);
    const prefix = await appPrefix("viewer/hidden", viewer);
    // the grant alone, with no token at all, opens the private space's files at that commit
    expect((await get(`${prefix}site/app.js`)).status).toBe(200);
    // a grant of one space does not open another
    const otherSpace = prefix.replace("/viewer/hidden/", "/author/probe/");
    expect((await get(`${otherSpace}site/app.js`)).status).toBe(403);
  });

  it("refuses forged, altered and expired grants", async () => {
    const prefix = await appPrefix("author/probe");
    const [, sha, expires, signature] = /\/app\/([0-9a-f]{40})\.(\d+)\.([^/]+)\//.exec(prefix) ?? [];
    const base = "/api/spaces/author/probe/app";
    const later = `${base}/${sha}.${Number(expires) + 1000}.${signature}/site/app.js`;
    const flipped = `${base}/${sha}.${expires}.${signature.slice(1)}A/site/app.js`;
    const otherCommit = `${base}/${"0".repeat(40)}.${expires}.${signature}/site/app.js`;
    for (const url of [later, flipped, otherCommit, `${base}/nonsense/site/app.js`]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/space link is not valid/);
    }
    // a correctly signed grant whose time is up
    const secret = fs.readFileSync(path.join(hub.dataDir, "content-secret"));
    const past = Math.floor(Date.now() / 1000) - 60;
    const mac = createHmac("sha256", secret)
      .update(`space-app\nauthor/probe\n${sha}\n${past}`)
      .digest("base64url");
    const expired = await get(`${base}/${sha}.${past}.${mac}/site/app.js`);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: string }).error).toMatch(/expired/);
  });

  it("answers 404 for a missing app file and bad revisions with 4xx", async () => {
    const noApp = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "empty", type: "space", sdk: "static" },
      author,
    );
    expect(noApp.status).toBe(200);
    // a new static Space starts with an index.html: take it away
    const removed = await fetch(`${hub.url}/api/spaces/author/empty/commit/main`, {
      method: "POST",
      headers: { ...bearer(author), "Content-Type": "application/x-ndjson" },
      body: [
        { key: "header", value: { summary: "No page" } },
        { key: "deletedFile", value: { path: "index.html" } },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    });
    expect(removed.status).toBe(200);
    const res = await get("/api/spaces/author/empty/app");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/no index\.html/);
    expect((await get("/api/spaces/author/probe/app?revision=..%2Fx")).status).toBe(400);
    expect((await get("/api/spaces/author/probe/app?revision=nope")).status).toBe(404);
    expect((await get("/api/spaces/author/missing/app")).status).toBe(401);
  });
});
