import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { fillPattern, walkableRoutes } from "../platform/helpers/route-walk.js";
import {
  permissionTableMarkdown,
  ROUTE_PERMISSIONS,
  type RouteRule,
} from "../../src/http/token-permissions.js";
import { GLOBAL_PERMISSIONS, SCOPED_PERMISSIONS } from "../../src/platform/token-scope.js";
import { createRepo, errorOf, fineGrainedToken, type Scope } from "./helpers.js";

const README = fileURLToPath(new URL("../../../../README.md", import.meta.url));
const START = "<!-- token-permissions:start -->";
const END = "<!-- token-permissions:end -->";

/** Permissions that grant `permission` too (a write grants its read). */
const GRANTING: Record<string, string[]> = {
  "repo.content.read": ["repo.write"],
  "collection.read": ["collection.write"],
  "user.webhooks.read": ["user.webhooks.write"],
};

function without(all: readonly string[], permission: string): string[] {
  const excluded = new Set([permission, ...(GRANTING[permission] ?? [])]);
  return all.filter((p) => !excluded.has(p));
}

describe("the route → permission table", () => {
  it("is in the README, as generated (MODELHUB_UPDATE_README=1 rewrites it)", async () => {
    const readme = await readFile(README, "utf8");
    const block = `${START}\n${permissionTableMarkdown()}\n${END}`;
    const at = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(at, "README has the token-permissions markers").toBeGreaterThan(0);
    const current = readme.slice(at, end + END.length);
    if (current !== block && process.env.MODELHUB_UPDATE_README === "1")
      await writeFile(README, readme.replace(current, block));
    else expect(current).toBe(block);
  });
});

describe.each(DIALECTS)("every route checks its permission for fine-grained tokens (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    for (const type of ["model", "dataset", "space"]) await createRepo(hub, alice, "alice", "walk", { type });
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
  });

  it("has a row for every route the hub serves", () => {
    const missing = walkableRoutes(hub.app.routes)
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !Object.hasOwn(ROUTE_PERMISSIONS, key));
    expect(missing).toEqual([]);
  });

  /** A token holding exactly `permissions` where `rule` looks (cached per set). */
  const tokenWith = async (rule: RouteRule, permissions: string[]): Promise<string> => {
    const key = `${rule.on}:${permissions.join(",")}`;
    const known = tokens.get(key);
    if (known) return known;
    let scoped: Scope[] = [];
    let global: string[] = [];
    if (rule.on === "global") global = permissions.filter((p) => GLOBAL_PERMISSIONS.includes(p));
    else if (rule.on === "repo" || rule.on === "git-refs" || rule.on === "query-dataset")
      scoped = (["model", "dataset", "space"] as const).map((type) => ({
        entity: { type, name: "alice/walk" },
        permissions: permissions.filter((p) => SCOPED_PERMISSIONS[type].includes(p)),
      }));
    else scoped = [{ entity: { type: "user", name: "alice" }, permissions }];
    const token = await fineGrainedToken(hub, alice, scoped, { global });
    tokens.set(key, token);
    return token;
  };

  const send = (method: string, url: string, token: string) =>
    fetch(`${hub.url}${url}`, {
      method: method === "HEAD" ? "GET" : method,
      headers: { ...bearer(token), "Content-Type": "application/json" },
      // an unreadable body: a route the check lets through refuses it before changing anything
      ...(method === "GET" || method === "HEAD" ? {} : { body: "{" }),
      redirect: "manual",
    });

  it("refuses a token without the permission (403 naming it) and lets one with it through", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of walkableRoutes(hub.app.routes)) {
      const rule = ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
      if (!rule || !("permission" in rule) || rule.on === "body") continue;
      const permission = rule.permission;
      let url = fillPattern(route.path, { owner: "alice", name: "walk" }, -1, "", {
        org: "alice",
        user: "alice",
        file: "0.parquet",
        row: "0",
      });
      if (rule.on === "query-dataset") url += "?dataset=alice/walk&config=default&split=train";
      const all = rule.on === "global" ? GLOBAL_PERMISSIONS : SCOPED_PERMISSIONS.user;
      const lacking = await send(route.method, url, await tokenWith(rule, without(all, permission)));
      const lackingError = lacking.status === 403 ? await errorOf(lacking) : "";
      if (lacking.status !== 403 || !lackingError.includes(`"${permission}"`))
        wrong.push(`${route.method} ${url} without ${permission}: ${lacking.status} ${lackingError}`);
      const holding = await send(route.method, url, await tokenWith(rule, [permission]));
      const holdingError = holding.status === 403 ? await errorOf(holding) : "";
      if (holdingError.includes("fine-grained token"))
        wrong.push(`${route.method} ${url} with ${permission}: ${holding.status} ${holdingError}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  }, 300_000);

  it("refuses settings and administration routes to any fine-grained token", async () => {
    const everything = await fineGrainedToken(
      hub,
      alice,
      [{ entity: { type: "user", name: "alice" }, permissions: [...SCOPED_PERMISSIONS.user] }],
      {
        global: [...GLOBAL_PERMISSIONS],
      },
    );
    const wrong: string[] = [];
    for (const route of walkableRoutes(hub.app.routes)) {
      if (ROUTE_PERMISSIONS[`${route.method} ${route.path}`]?.on !== "denied") continue;
      const url = fillPattern(route.path, { owner: "alice", name: "walk" }, -1, "", {
        org: "alice",
        user: "alice",
        file: "0.parquet",
        row: "0",
      });
      const res = await send(route.method, url, everything);
      const error = res.status === 403 ? await errorOf(res) : "";
      if (!error.includes("Fine-grained tokens cannot use"))
        wrong.push(`${route.method} ${url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("the same token without permissions still reads public content", async () => {
    await postJson(`${hub.url}/api/repos/create`, { name: "open", type: "model", private: false }, alice);
    const bare = await fineGrainedToken(hub, alice, []);
    expect((await fetch(`${hub.url}/api/models/alice/open`, { headers: bearer(bare) })).status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/alice/walk`, { headers: bearer(bare) })).status).toBe(403);
  });
});
