import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { commitFiles, createRepo, errorOf, fineGrainedToken } from "./helpers.js";

interface AuditEvent {
  type: string;
  author: { user: string | null };
  data: Record<string, unknown>;
}

describe.each(DIALECTS)("org token policy, revocation and service accounts (%s)", (dialect) => {
  let hub: TestHub;
  /** admin of acme */
  let alice: string;
  /** a write member of acme */
  let will: string;
  let carl: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    will = await hub.tokenFor("will");
    carl = await hub.tokenFor("carl");
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "acme" }, alice)).status).toBe(200);
    for (const [user, role] of [
      ["will", "write"],
      ["carl", "read"],
    ])
      expect(
        (await postJson(`${hub.url}/api/organizations/acme/members`, { user, role }, alice)).status,
      ).toBe(200);
    await createRepo(hub, alice, "acme", "private-model");
    await createRepo(hub, alice, "acme", "public-model", { private: false });
    await createRepo(hub, will, "will", "own");
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
  });

  const policy = (value: string, token = alice) =>
    postJson(`${hub.url}/api/organizations/acme/settings/token-policy`, { policy: value }, token, "PUT");
  const info = (token: string, repo: string) =>
    fetch(`${hub.url}/api/models/${repo}`, { headers: bearer(token) });
  const events = async (type: string): Promise<AuditEvent[]> => {
    const res = await fetch(`${hub.url}/api/organizations/acme/audit-log?limit=200`, {
      headers: bearer(alice),
    });
    const page = (await res.json()) as { events: AuditEvent[] };
    return page.events.filter((event) => event.type === type);
  };

  it("only org admins set the policy; bad values are a 400", async () => {
    expect((await policy("fine_grained_only", will)).status).toBe(403);
    expect((await policy("anything")).status).toBe(400);
    const anonymous = await fetch(`${hub.url}/api/organizations/acme/settings/token-policy`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ policy: "allow_all" }),
    });
    expect(anonymous.status).toBe(401);
    const read = await fetch(`${hub.url}/api/organizations/acme/settings/token-policy`, {
      headers: bearer(will),
    });
    expect(read.status).toBe(403);
  });

  it("fine-grained only: a member's classic token stops working on the org, with the Hub's kind of 403", async () => {
    expect((await commitFiles(hub, will, "acme/private-model", { "a.txt": "a" })).status).toBe(200);
    const fine = await fineGrainedToken(hub, will, [
      { entity: { type: "org", name: "acme" }, permissions: ["repo.write"] },
    ]);
    expect((await policy("fine_grained_only")).status).toBe(200);
    const refused = await commitFiles(hub, will, "acme/private-model", { "b.txt": "b" });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatch(/only accepts fine-grained access tokens/);
    const hidden = await info(will, "acme/private-model");
    expect(hidden.status).toBe(403);
    expect(await errorOf(hidden)).toMatch(/only accepts fine-grained/);
    // public content stays public; the user's own repos are untouched
    expect((await info(will, "acme/public-model")).status).toBe(200);
    expect((await commitFiles(hub, will, "will/own", { "b.txt": "b" })).status).toBe(200);
    // the fine-grained token keeps working
    expect((await commitFiles(hub, fine, "acme/private-model", { "c.txt": "c" })).status).toBe(200);
    const changed = await events("org.settings.security.token_policy");
    expect(changed[0]?.data).toMatchObject({
      org: "acme",
      policy: "fine_grained_only",
      previous: "allow_all",
    });
  });

  it("admin approval: a new fine-grained token is pending, then approved, denied or revoked", async () => {
    expect((await policy("admin_approval")).status).toBe(200);
    const token = await fineGrainedToken(hub, will, [
      { entity: { type: "model", name: "acme/private-model" }, permissions: ["repo.write"] },
    ]);
    const pending = await commitFiles(hub, token, "acme/private-model", { "d.txt": "d" });
    expect(pending.status).toBe(403);
    expect(await errorOf(pending)).toMatch(/pending approval/);
    const list = (await (
      await fetch(`${hub.url}/api/organizations/acme/settings/tokens`, { headers: bearer(alice) })
    ).json()) as { id: string; status: string; user: string; role: string }[];
    const entry = list.find((row) => row.status === "pending" && row.user === "will");
    expect(list.filter((row) => row.role === "write").map((row) => row.status)).toContain("refused");
    expect(entry).toBeDefined();
    const decide = (decision: string, by = alice) =>
      postJson(`${hub.url}/api/organizations/acme/settings/tokens/${entry?.id}/${decision}`, {}, by);
    expect((await decide("approve", will)).status).toBe(403);
    expect((await decide("approve")).status).toBe(200);
    expect((await commitFiles(hub, token, "acme/private-model", { "e.txt": "e" })).status).toBe(200);
    expect((await decide("deny")).status).toBe(200);
    const denied = await commitFiles(hub, token, "acme/private-model", { "f.txt": "f" });
    expect(denied.status).toBe(403);
    expect(await errorOf(denied)).toMatch(/denied/);
    expect((await events("org.token_approve")).length).toBeGreaterThan(0);
    expect((await events("org.token_deny")).length).toBeGreaterThan(0);
    expect((await policy("allow_all")).status).toBe(200);
  });

  it("an org admin revokes a token by its value; it then fails on the org's content only", async () => {
    const token = await hub.tokenFor("will");
    expect((await info(token, "acme/private-model")).status).toBe(200);
    const revoke = (value: string, by = alice) =>
      postJson(`${hub.url}/api/organizations/acme/settings/tokens/revoke`, { token: value }, by);
    expect((await revoke(token, will)).status).toBe(403);
    expect((await revoke("hf_notatoken")).status).toBe(404);
    // a token of someone outside the org does not reach it
    expect((await revoke(await hub.tokenFor("outsider"))).status).toBe(404);
    expect((await revoke(token)).status).toBe(200);
    const refused = await info(token, "acme/private-model");
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatch(/Your token has been revoked by the organization administrator/);
    expect((await info(token, "will/own")).status).toBe(200);
    const [event] = await events("org.token_revoke");
    expect(event.data).toMatchObject({ org: "acme", user: "will", last4: token.slice(-4) });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it("POST /api/credentials/revoke needs no sign-in, always answers 202 and deletes the tokens", async () => {
    const leaked = await hub.tokenFor("carl");
    expect((await info(leaked, "acme/private-model")).status).toBe(200);
    const res = await postJson(`${hub.url}/api/credentials/revoke`, { credentials: [leaked, "hf_unknown"] });
    expect(res.status).toBe(202);
    expect(
      (await postJson(`${hub.url}/api/credentials/revoke`, { credentials: ["hf_nothing"] })).status,
    ).toBe(202);
    expect((await info(leaked, "acme/private-model")).status).toBe(401);
    expect((await info(carl, "acme/private-model")).status).toBe(200);
    expect((await postJson(`${hub.url}/api/credentials/revoke`, { credentials: "x" })).status).toBe(400);
    const admin = await hub.tokenFor("root");
    await hub.services.accounts.setAdmin("root", true);
    const log = (await (
      await fetch(`${hub.url}/api/admin/audit-log?limit=200`, { headers: bearer(admin) })
    ).json()) as {
      events: AuditEvent[];
    };
    const revoked = log.events.filter((event) => event.type === "token.credentials_revoke");
    expect(revoked).toHaveLength(1);
    expect(revoked[0].data).toMatchObject({ user: "carl", last4: leaked.slice(-4) });
  });

  it("files a fine-grained token that reaches the org in the org's audit log, from creation to revocation", async () => {
    await policy("allow_all");
    const leaked = await fineGrainedToken(hub, will, [
      { entity: { type: "model", name: "acme/private-model" }, permissions: ["repo.content.read"] },
    ]);
    expect((await info(leaked, "acme/private-model")).status).toBe(200);
    expect((await postJson(`${hub.url}/api/credentials/revoke`, { credentials: [leaked] })).status).toBe(202);
    const created = (await events("token.create")).filter((event) => event.data.last4 === leaked.slice(-4));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ namespace: "acme", author: { user: "will" } });
    const revoked = await events("token.credentials_revoke");
    expect(revoked.map((event) => event.data.last4)).toContain(leaked.slice(-4));
    // a classic token reaches every org of its owner: it stays in the owner's own log
    expect((await events("token.create")).every((event) => event.data.role === "fineGrained")).toBe(true);
  });

  it("service accounts: admins create them, mint fine-grained tokens; they act under their own name", async () => {
    const create = (body: unknown, by = alice) =>
      postJson(`${hub.url}/api/organizations/acme/service-accounts`, body, by);
    expect((await create({ name: "ci-bot", description: "CI" }, will)).status).toBe(403);
    expect((await create({ name: "" })).status).toBe(400);
    const created = await create({ name: "ci-bot", description: "CI" });
    expect(created.status).toBe(200);
    const account = (await created.json()) as { id: string; name: string };
    expect((await create({ name: "ci-bot" })).status).toBe(409);
    const list = (await (
      await fetch(`${hub.url}/api/organizations/acme/service-accounts`, { headers: bearer(alice) })
    ).json()) as { name: string }[];
    expect(list.map((row) => row.name)).toEqual(["ci-bot"]);
    const mint = (body: unknown) =>
      postJson(`${hub.url}/api/organizations/acme/service-accounts/${account.id}/tokens`, body, alice);
    // only fine-grained, only inside the org
    expect((await mint({ role: "write" })).status).toBe(400);
    const outside = await mint({
      fineGrained: { scoped: [{ entity: { type: "model", name: "will/own" }, permissions: ["repo.write"] }] },
    });
    expect(outside.status).toBe(400);
    const minted = await mint({
      displayName: "deploy",
      fineGrained: { scoped: [{ entity: { type: "org", name: "acme" }, permissions: ["repo.write"] }] },
    });
    expect(minted.status).toBe(200);
    const { token, role, serviceAccount } = (await minted.json()) as {
      token: string;
      role: string;
      serviceAccount: string;
    };
    expect([role, serviceAccount]).toEqual(["fineGrained", "ci-bot"]);
    expect((await commitFiles(hub, token, "acme/private-model", { "bot.txt": "bot" })).status).toBe(200);
    const commits = (await (
      await fetch(`${hub.url}/api/models/acme/private-model/commits/main`, { headers: bearer(alice) })
    ).json()) as { authors: { user: string }[] }[];
    expect(commits[0].authors[0].user).toBe("ci-bot");
    const made = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "bot-made", organization: "acme", type: "model" },
      token,
    );
    expect(made.status).toBe(200);
    const [createdByBot] = (await events("repo.create")).filter((event) => event.author.user === "ci-bot");
    expect(createdByBot).toBeDefined();
    // no browser sign-in
    expect((await postJson(`${hub.url}/api/login`, { token })).status).toBe(403);
    expect(
      (await postJson(`${hub.url}/api/login`, { username: "ci-bot", password: "whatever-it-is" })).status,
    ).toBe(401);
    const removed = await fetch(`${hub.url}/api/organizations/acme/service-accounts/${account.id}`, {
      method: "DELETE",
      headers: bearer(alice),
    });
    expect(removed.status).toBe(200);
    expect((await info(token, "acme/private-model")).status).toBe(401);
    expect((await events("org.service_account_create")).length).toBe(1);
    expect((await events("org.service_account_delete")).length).toBe(1);
  });
});
