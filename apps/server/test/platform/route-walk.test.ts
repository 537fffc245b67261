import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";
import {
  fillPattern,
  HOSTILE_QUERY,
  NUL_QUERY,
  HOSTILE_SEGMENTS,
  hostileBodies,
  parameterCount,
  walkableRoutes,
  type RouteEntry,
  type Target,
} from "./helpers/route-walk.js";

/**
 * Walks every route of the running hub with hostile input, as every kind of caller, and checks that
 * nothing answers 5xx, error answers are JSON with an `error`, and callers without write access change
 * nothing. Routes come from Hono's own table: a new route is walked without being listed here.
 */

const TYPES = ["model", "dataset", "space"] as const;
const REPOS: Target[] = [
  { owner: "alice", name: "walk-model" },
  { owner: "walkorg", name: "org-model" },
  { owner: "alice", name: "walk-private" },
];
/** POSTs that only read (or sign in/out, or run inference, which read tokens may): walked like reads. */
const READING_POSTS =
  /\/(paths-info|git-upload-pack|validate-yaml|login|logout|saml\/acs|lfs\/objects\/batch|locks\/verify|completions|embeddings|transcriptions)(\/|$)|^\/hf-inference\/models\/|^\/datasets-server\/sql$/;

const SCIM_ROUTE = /\/scim\/v2\//;
/** Writes anyone may call by design: revoking a leaked token needs no sign-in and always answers 202. */
const OPEN_WRITES = /^\/api\/credentials\/revoke$/;

interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * One request as `fetch` would send it (the URL parsed the same way: dot segments resolved, the rest
 * as given), through node:http on kept-alive connections: thousands of requests cost a third less CPU
 * than through `fetch`, and a request with no answer for 30 s fails.
 */
function request(
  agent: http.Agent,
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
): Promise<Answer> {
  const target = new URL(url, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        headers: body === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers["content-type"],
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", reject);
    req.end(body);
  });
}

/** Requests in flight at once for a caller who may not write. */
const IN_FLIGHT = 8;

/** Runs `tasks`, at most `limit` at a time, in their order. */
async function inTurns(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}

interface Caller {
  label: string;
  token?: string;
  /** May this caller legitimately change the fixture repos or org? Then only 5xx and JSON are checked. */
  mayWrite: boolean;
}

describe.each(DIALECTS)("every route survives hostile input from every caller (%s)", (dialect) => {
  let hub: TestHub;
  let webDir = "";
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const callers: Caller[] = [];
  let routes: RouteEntry[] = [];
  const failures: string[] = [];
  let requests = 0;

  /** What a refused write must leave as it was: heads, refs, settings, org members. */
  const worldState = async (): Promise<string> => {
    const admin = await hub.tokenFor("alice");
    const parts: string[] = [];
    for (const type of TYPES) {
      for (const repo of REPOS) {
        const base = `${hub.url}/api/${type}s/${repo.owner}/${repo.name}`;
        const info = (await (await fetch(base, { headers: bearer(admin) })).json()) as Record<
          string,
          unknown
        >;
        // the dataset viewer's own `refs/convert/parquet` lands whenever its background conversion
        // ends: the hub's work, not a caller's, so it is left out
        const refs = (await (await fetch(`${base}/refs`, { headers: bearer(admin) })).json()) as Record<
          string,
          unknown
        >;
        delete refs.converts;
        parts.push(JSON.stringify([info.sha, info.private, info.gated, info.id]), JSON.stringify(refs));
      }
    }
    parts.push(await (await fetch(`${hub.url}/api/organizations/walkorg/members`)).text());
    const repoCount = await fetch(`${hub.url}/api/models?author=alice&limit=1000`, {
      headers: bearer(admin),
    });
    parts.push(String(((await repoCount.json()) as unknown[]).length));
    return parts.join("\n");
  };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "modelhub-walk-web-"));
    fs.writeFileSync(
      path.join(webDir, "index.html"),
      "<!doctype html><title>ModelHub</title><div id=root></div>",
    );
    hub = await startTestHub({ dialect, env: { MODELHUB_WEB_DIR: webDir } });
    const alice = await hub.tokenFor("alice");
    const files = [
      { path: "README.md", content: "---\nlicense: mit\nsdk: static\n---\n# Walk\n", encoding: "utf-8" },
      { path: "index.html", content: "<p>walk</p>", encoding: "utf-8" },
      { path: "data/part.csv", content: "a,b\n1,2\n", encoding: "utf-8" },
    ];
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "walkorg" }, alice)).status).toBe(200);
    for (const type of TYPES) {
      for (const repo of REPOS) {
        const res = await postJson(
          `${hub.url}/api/repos/create`,
          {
            name: repo.name,
            organization: repo.owner,
            type,
            private: repo.name === "walk-private",
            ...(type === "space" ? { sdk: "static" } : {}),
            files,
          },
          alice,
        );
        expect(res.status, `${type} ${repo.owner}/${repo.name}`).toBe(200);
      }
    }
    // the dataset viewer converts each new dataset in the background (it adds refs/convert/parquet):
    // wait for that, so the walk's before/after snapshots only see what the callers did
    const deadline = Date.now() + 180_000;
    for (const repo of REPOS) {
      for (;;) {
        const url = `${hub.url}/datasets-server/status?dataset=${repo.owner}/${repo.name}`;
        const status = (await (await fetch(url, { headers: bearer(alice) })).json()) as { state?: string };
        if (status.state === "done" || status.state === "failed") break;
        if (Date.now() > deadline)
          throw new Error(`${repo.owner}/${repo.name}: conversion still ${status.state}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const [user, role] of [
      ["rita", "read"],
      ["will", "write"],
    ] as const) {
      await hub.tokenFor(user);
      const res = await postJson(`${hub.url}/api/organizations/walkorg/members`, { user, role }, alice);
      expect(res.status).toBe(200);
    }
    callers.push(
      { label: "anonymous", mayWrite: false },
      { label: "alice's read token", token: await hub.tokenFor("alice", "read"), mayWrite: false },
      { label: "bob, another user", token: await hub.tokenFor("bob"), mayWrite: false },
      { label: "rita, org reader", token: await hub.tokenFor("rita"), mayWrite: false },
      { label: "will, org writer", token: await hub.tokenFor("will"), mayWrite: true },
      { label: "alice, the owner", token: await hub.tokenFor("alice"), mayWrite: true },
    );
    routes = walkableRoutes(hub.app.routes);
    // the dataset viewer converts the fixture datasets in the background (a new refs/convert/parquet):
    // let it finish, or a slow machine sees that as a refused caller changing the repos
    await hub.datasetViewer?.queue.whenIdle();
  });
  afterAll(async () => {
    agent.destroy();
    await hub?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const send = async (
    method: string,
    url: string,
    caller: Caller,
    body?: { contentType?: string; body?: string | Uint8Array },
  ): Promise<void> => {
    requests++;
    const headers: Record<string, string> = caller.token ? bearer(caller.token) : {};
    if (body?.contentType) headers["Content-Type"] = body.contentType;
    let res: Answer;
    try {
      res = await request(
        agent,
        hub.url,
        method,
        url,
        headers,
        method === "GET" || method === "HEAD" ? undefined : body?.body,
      );
    } catch (error) {
      failures.push(`${method} ${url.slice(0, 160)} as ${caller.label}: ${String(error)}`);
      return;
    }
    const text = res.text;
    const where = `${method} ${url.slice(0, 160)} as ${caller.label}${body ? ` (${(body as { label?: string }).label ?? "body"})` : ""}`;
    // 501 is the deliberate answer of the xet token routes: this hub stores large files with git-lfs
    // and /readyz answers 503 by design when a probe is slow, which a loaded test machine can cause
    const deliberate =
      (res.status === 501 && /\/xet-(read|write)-token\//.test(url)) ||
      (res.status === 503 && url.startsWith("/readyz"));
    if (res.status >= 500 && !deliberate) failures.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
    if (res.status >= 400 && (res.contentType ?? "").includes("application/json") && text) {
      let error: unknown;
      try {
        error = (JSON.parse(text) as { error?: unknown }).error;
      } catch {
        error = undefined;
      }
      if (typeof error !== "string" || error === "")
        failures.push(`${where}: ${res.status} without an error message`);
    }
  };

  /** Concrete URLs for a route: its plain form (per fixture repo) and each parameter made hostile. */
  const urlsOf = (route: RouteEntry, includePlain: boolean): string[] => {
    const urls: string[] = [];
    const targets = route.path.includes(":owner") ? REPOS : [REPOS[0]];
    for (const target of targets) {
      if (includePlain) {
        const plain = fillPattern(route.path, target);
        urls.push(plain, plain + HOSTILE_QUERY, plain + NUL_QUERY);
      }
      const count = parameterCount(route.path);
      if (target !== REPOS[0]) continue;
      for (let at = 0; at < count; at++)
        for (const segment of HOSTILE_SEGMENTS) urls.push(fillPattern(route.path, target, at, segment));
    }
    return urls;
  };

  it("walks a real table of routes", () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const expected of ["POST /api/repos/create", "GET /api/spaces/:owner/:name/app", "GET /*"])
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(expected);
  });

  it("write routes answer 401 without credentials, 403 to a read token, 404 to others on a private repo", async () => {
    // LFS verify is authorised by the signed link the batch answer hands out, not by the caller.
    const writeRoutes = routes.filter(
      (r) =>
        !["GET", "HEAD"].includes(r.method) &&
        !READING_POSTS.test(r.path) &&
        !r.path.endsWith("/objects/verify") &&
        !OPEN_WRITES.test(r.path),
    );
    expect(writeRoutes.length).toBeGreaterThan(25);
    const [anonymous, readToken, bob] = callers;
    const statusOf = async (method: string, url: string, caller: Caller) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (caller.token) Object.assign(headers, bearer(caller.token));
      return (await fetch(`${hub.url}${url}`, { method, headers, body: "{}", redirect: "manual" })).status;
    };
    const wrong: string[] = [];
    for (const route of writeRoutes) {
      const url = fillPattern(route.path, REPOS[0]);
      const got = [
        await statusOf(route.method, url, anonymous),
        await statusOf(route.method, url, readToken),
      ];
      // SCIM's bearer is an org's SCIM token: a hub token of any role is no credential there
      const want = SCIM_ROUTE.test(route.path) ? [401, 401] : [401, 403];
      if (got[0] !== want[0] || got[1] !== want[1])
        wrong.push(`${route.method} ${url}: ${got.join(" ")} (want ${want.join(" ")})`);
      if (!route.path.includes(":owner")) continue;
      const hidden = fillPattern(route.path, REPOS[2]);
      const status = await statusOf(route.method, hidden, bob);
      if (status !== 404) wrong.push(`${route.method} ${hidden} as bob: ${status} (want 404)`);
    }
    expect(wrong).toEqual([]);
  });

  it("no route answers 5xx to hostile input; refused writes change nothing", async () => {
    const bodies = hostileBodies();
    for (const caller of callers) {
      const before = caller.mayWrite ? "" : await worldState();
      const sends: (() => Promise<void>)[] = [];
      for (const route of routes) {
        const writes = !["GET", "HEAD"].includes(route.method) && !READING_POSTS.test(route.path);
        // A writer's plain request to a bodiless write (delete a member, a branch, a token) would
        // really happen; writers get only hostile parameters there.
        const plainIsSafe = !caller.mayWrite || !writes || route.method === "POST" || route.method === "PUT";
        for (const url of urlsOf(route, plainIsSafe)) sends.push(() => send(route.method, url, caller));
        if (route.method !== "GET" && route.method !== "HEAD" && plainIsSafe) {
          const url = fillPattern(route.path, REPOS[0]);
          for (const body of bodies) sends.push(() => send(route.method, url, caller, body));
        }
      }
      // A caller who may not write changes nothing whatever the order (checked below), so its requests
      // run several at a time: the walk waits less on git processes and database answers. Writers'
      // requests really change things, so they keep their order.
      await inTurns(sends, caller.mayWrite ? 1 : IN_FLIGHT);
      if (!caller.mayWrite) {
        const after = await worldState();
        if (after !== before) {
          const was = before.split("\n");
          const changed = after.split("\n").filter((line, i) => line !== was[i]);
          failures.push(
            `${caller.label} changed the fixture repos or the org: ${changed.join(" | ").slice(0, 1000)}`,
          );
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures.length, failures.slice(0, 60).join("\n")).toBe(0);
    expect(requests).toBeGreaterThan(5000);
    console.info(
      `[route walk ${dialect}] ${routes.length} routes, ${callers.length} callers, ${requests} requests`,
    );
  }, 600_000);
});
