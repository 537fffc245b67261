import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { whoAmI } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { commitFiles, createRepo, errorOf, fineGrainedToken } from "./helpers.js";

const run = promisify(execFile);

describe.each(DIALECTS)("fine-grained tokens (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "acme" }, alice)).status).toBe(200);
    await createRepo(hub, alice, "alice", "one");
    await createRepo(hub, alice, "alice", "two");
    await createRepo(hub, alice, "acme", "shared");
    await createRepo(hub, alice, "alice", "open", { private: false });
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
  });

  const info = (token: string, repo: string) =>
    fetch(`${hub.url}/api/models/${repo}`, { headers: bearer(token) });

  it("is created from the whoami-v2 shape and reported back by whoami-v2 and the JS client", async () => {
    const res = await postJson(
      `${hub.url}/api/settings/tokens`,
      {
        displayName: "ci",
        role: "fineGrained",
        fineGrained: {
          canReadGatedRepos: true,
          global: ["discussion.write"],
          scoped: [
            {
              entity: { type: "model", name: "alice/one" },
              permissions: ["repo.content.read", "repo.write"],
            },
          ],
        },
      },
      alice,
    );
    expect(res.status).toBe(200);
    const created = (await res.json()) as { token: string; role: string; fineGrained: unknown };
    expect(created.role).toBe("fineGrained");
    const who = (await (
      await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(created.token) })
    ).json()) as {
      auth: { accessToken: { role: string; fineGrained: { scoped: { entity: Record<string, string> }[] } } };
    };
    expect(who.auth.accessToken.role).toBe("fineGrained");
    expect(who.auth.accessToken.fineGrained).toMatchObject({
      canReadGatedRepos: true,
      global: ["discussion.write"],
      scoped: [
        { entity: { type: "model", name: "alice/one" }, permissions: ["repo.content.read", "repo.write"] },
      ],
    });
    expect(typeof who.auth.accessToken.fineGrained.scoped[0].entity._id).toBe("string");
    const viaClient = await whoAmI({ accessToken: created.token, hubUrl: hub.url });
    expect(viaClient.auth.accessToken?.role).toBe("fineGrained");
    // the token list shows the permissions, never the value
    const list = await (await fetch(`${hub.url}/api/settings/tokens`, { headers: bearer(alice) })).text();
    expect(list).toContain("alice/one");
    expect(list).not.toContain(created.token);
    // audited with the permissions, never the value
    const root = await hub.tokenFor("root");
    await hub.services.accounts.setAdmin("root", true);
    const log = (await (
      await fetch(`${hub.url}/api/admin/audit-log?limit=200`, { headers: bearer(root) })
    ).json()) as { events: { type: string; data: Record<string, unknown> }[] };
    const event = log.events.find((e) => e.type === "token.create" && e.data.role === "fineGrained");
    expect(event?.data.fineGrained).toMatchObject({ global: ["discussion.write"], canReadGatedRepos: true });
    expect(JSON.stringify(log)).not.toContain(created.token);
  });

  it("a token scoped to one repo writes that repo and nothing else", async () => {
    const token = await fineGrainedToken(hub, alice, [
      { entity: { type: "model", name: "alice/one" }, permissions: ["repo.write"] },
    ]);
    expect((await commitFiles(hub, token, "alice/one", { "a.txt": "a" })).status).toBe(200);
    expect((await info(token, "alice/one")).status).toBe(200);
    const other = await commitFiles(hub, token, "alice/two", { "a.txt": "a" });
    expect(other.status).toBe(403);
    expect(await errorOf(other)).toMatch(/repo\.write/);
    expect((await info(token, "alice/two")).status).toBe(403);
    expect((await info(token, "acme/shared")).status).toBe(403);
    // public repos stay readable, but not writable
    expect((await info(token, "alice/open")).status).toBe(200);
    expect((await commitFiles(hub, token, "alice/open", { "a.txt": "a" })).status).toBe(403);
    // no repo creation in the namespace, no listing of the private repos it does not reach
    const create = await postJson(`${hub.url}/api/repos/create`, { name: "three", type: "model" }, token);
    expect(create.status).toBe(403);
    const listed = (await (
      await fetch(`${hub.url}/api/models?author=alice`, { headers: bearer(token) })
    ).json()) as {
      id: string;
    }[];
    expect(listed.map((repo) => repo.id).sort()).toEqual(["alice/one", "alice/open"]);
  });

  it("a read scope reads but does not write; an org scope reaches the org's repos only", async () => {
    const reader = await fineGrainedToken(hub, alice, [
      { entity: { type: "model", name: "alice/one" }, permissions: ["repo.content.read"] },
    ]);
    expect((await info(reader, "alice/one")).status).toBe(200);
    expect((await commitFiles(hub, reader, "alice/one", { "b.txt": "b" })).status).toBe(403);
    const org = await fineGrainedToken(hub, alice, [
      { entity: { type: "org", name: "acme" }, permissions: ["repo.write"] },
    ]);
    expect((await commitFiles(hub, org, "acme/shared", { "c.txt": "c" })).status).toBe(200);
    expect((await info(org, "alice/one")).status).toBe(403);
    expect((await commitFiles(hub, org, "alice/one", { "c.txt": "c" })).status).toBe(403);
  });

  it("refuses account settings to fine-grained tokens and checks global permissions", async () => {
    const token = await fineGrainedToken(hub, alice, [
      { entity: { type: "user", name: "alice" }, permissions: ["repo.write"] },
    ]);
    const settings = await fetch(`${hub.url}/api/settings/tokens`, { headers: bearer(token) });
    expect(settings.status).toBe(403);
    expect(await errorOf(settings)).toMatch(/Fine-grained tokens cannot use/);
    const chat = await postJson(
      `${hub.url}/v1/chat/completions`,
      { model: "alice/one", messages: [] },
      token,
    );
    expect(chat.status).toBe(403);
    expect(await errorOf(chat)).toMatch(/inference\.serverless\.write/);
    const inferer = await fineGrainedToken(hub, alice, [], { global: ["inference.serverless.write"] });
    const allowed = await postJson(
      `${hub.url}/v1/chat/completions`,
      { model: "alice/one", messages: [] },
      inferer,
    );
    expect(allowed.status).not.toBe(403);
    // user scope: every repo of the user, none of the org's
    expect((await commitFiles(hub, token, "alice/two", { "d.txt": "d" })).status).toBe(200);
    expect((await commitFiles(hub, token, "acme/shared", { "d.txt": "d" })).status).toBe(403);
  });

  it("answers 400 with a clear error to bad permissions, entities, bodies and expiries", async () => {
    const create = (body: unknown) => postJson(`${hub.url}/api/settings/tokens`, body, alice);
    const cases: [unknown, RegExp][] = [
      [
        {
          role: "fineGrained",
          fineGrained: {
            scoped: [{ entity: { type: "model", name: "alice/one" }, permissions: ["repo.fly"] }],
          },
        },
        /Unknown permission "repo\.fly"/,
      ],
      [
        { role: "fineGrained", fineGrained: { global: ["repo.write"], scoped: [] } },
        /Unknown global permission/,
      ],
      [
        {
          role: "fineGrained",
          fineGrained: {
            scoped: [{ entity: { type: "model", name: "alice/nope" }, permissions: ["repo.write"] }],
          },
        },
        /Unknown entity/,
      ],
      [
        {
          role: "fineGrained",
          fineGrained: { scoped: [{ entity: { type: "org", name: "nobody" }, permissions: ["repo.write"] }] },
        },
        /Unknown entity/,
      ],
      [
        {
          role: "fineGrained",
          fineGrained: { scoped: [{ entity: { type: "user", name: "bob" }, permissions: ["repo.write"] }] },
        },
        /own user account/,
      ],
      [
        {
          role: "fineGrained",
          fineGrained: { scoped: [{ entity: { type: "galaxy", name: "x" }, permissions: [] }] },
        },
        /./,
      ],
      [{ role: "fineGrained" }, /needs its permissions/],
      [{ role: "write", expiresAt: "2001-01-01T00:00:00Z" }, /in the past/],
      [{ role: "write", expiresAt: "tomorrow-ish" }, /not a date/],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toMatch(message);
    }
    const malformed = await fetch(`${hub.url}/api/settings/tokens`, {
      method: "POST",
      headers: { ...bearer(alice), "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });

  it("an expired token answers 401 saying so", async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const res = await postJson(`${hub.url}/api/settings/tokens`, { role: "write", expiresAt: soon }, alice);
    expect(res.status).toBe(200);
    const { token, expiresAt } = (await res.json()) as { token: string; expiresAt: string };
    expect(expiresAt).toBe(soon);
    expect((await info(token, "alice/one")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await info(token, "alice/one");
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toMatch(/expired/);
  });

  it("downloads from gated repos only with canReadGatedRepos (or a scope on the repo)", async () => {
    await createRepo(hub, alice, "alice", "gated", { private: false });
    const gate = await postJson(
      `${hub.url}/api/models/alice/gated/settings`,
      { gated: "auto" },
      alice,
      "PUT",
    );
    expect(gate.status).toBe(200);
    const bob = await hub.tokenFor("bob");
    expect((await postJson(`${hub.url}/api/models/alice/gated/ask-access`, {}, bob)).status).toBe(200);
    const file = (token: string) =>
      fetch(`${hub.url}/alice/gated/resolve/main/config.json`, { headers: bearer(token) });
    // README.md is free of the gate: ask for a file behind it
    await commitFiles(hub, alice, "alice/gated", { "config.json": "{}" });
    expect((await file(bob)).status).toBe(200);
    const plain = await fineGrainedToken(hub, bob, []);
    const refused = await file(plain);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatch(/canReadGatedRepos/);
    const gated = await fineGrainedToken(hub, bob, [], { canReadGatedRepos: true });
    expect((await file(gated)).status).toBe(200);
  });

  it("clones and pushes with git only where the token reaches", async () => {
    const token = await fineGrainedToken(hub, alice, [
      { entity: { type: "model", name: "alice/one" }, permissions: ["repo.write"] },
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fine-grained-git-"));
    const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", GIT_LFS_SKIP_SMUDGE: "1" };
    const remote = (repo: string) => `${hub.url.replace("://", `://user:${token}@`)}/${repo}`;
    const git = (args: string[], cwd?: string) => run("git", args, { env, cwd });
    try {
      await git(["clone", "-q", remote("alice/one"), path.join(dir, "one")]);
      const work = path.join(dir, "one");
      fs.writeFileSync(path.join(work, "pushed.txt"), "via git\n");
      await git(["-c", "user.name=a", "-c", "user.email=a@x", "commit", "-qam", "x"], work).catch(
        () => undefined,
      );
      await git(["add", "pushed.txt"], work);
      await git(
        ["-c", "user.name=a", "-c", "user.email=a@x", "commit", "-qm", "push with a scoped token"],
        work,
      );
      await git(["push", "-q", "origin", "HEAD:main"], work);
      const file = await fetch(`${hub.url}/alice/one/resolve/main/pushed.txt`, { headers: bearer(alice) });
      expect(await file.text()).toBe("via git\n");
      await expect(git(["clone", "-q", remote("alice/two"), path.join(dir, "two")])).rejects.toThrow(/403/);
      // read-only scope: clone works, push is refused
      const reader = await fineGrainedToken(hub, alice, [
        { entity: { type: "model", name: "alice/one" }, permissions: ["repo.content.read"] },
      ]);
      await git(["remote", "set-url", "origin", remote("alice/one").replace(token, reader)], work);
      fs.writeFileSync(path.join(work, "refused.txt"), "no\n");
      await git(["add", "refused.txt"], work);
      await git(["-c", "user.name=a", "-c", "user.email=a@x", "commit", "-qm", "refused"], work);
      await expect(git(["push", "-q", "origin", "HEAD:main"], work)).rejects.toThrow(/403/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
