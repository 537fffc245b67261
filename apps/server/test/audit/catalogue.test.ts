import type { AuditEvent } from "@modelhub/api-types";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_CATALOGUE, AUDIT_EVENT_TYPES } from "../../src/audit/catalogue.js";
import { gitCli, makeGitHome } from "../content/git-cli.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { adminEvents, call, cli, ok, signIn, type Credentials } from "./helpers.js";

const ADMIN = `hf_${"A".repeat(34)}`;
const PASSWORD = "alice-Pa55word-never-logged";
const WEBHOOK_SECRET = "whsec-never-in-the-log-1234";
const WEBHOOK_URL_TOKEN = "urltoken-never-in-the-log-5678";
/**
 * Made by the suites that own them: retention and restore (chain.test.ts), scan releases and rescans
 * (scanning/scan-policies.test.ts), Space secrets and variables (spaces/space-secrets.test.ts), quota
 * changes (quotas/storage-quotas.test.ts), token policy, approvals, revocations and service accounts
 * (tokens/org-token-policy.test.ts).
 */
const ELSEWHERE = new Set([
  "audit.prune",
  "admin.restore",
  "admin.scan_release",
  "admin.scan_rescan",
  "repo.secret_set",
  "repo.secret_delete",
  "repo.variable_set",
  "repo.variable_delete",
  "admin.quota_set",
  "token.credentials_revoke",
  "org.settings.security.token_policy",
  "org.token_approve",
  "org.token_deny",
  "org.token_revoke",
  "org.service_account_create",
  "org.service_account_delete",
]);

function ndjson(lines: object[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

function commitBody(summary: string, files: Record<string, string>): string {
  return ndjson([
    { key: "header", value: { summary } },
    ...Object.entries(files).map(([path, text]) => ({
      key: "file",
      value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
    })),
  ]);
}

describe.each(DIALECTS)("audit log: every catalogue type through the public API (%s)", (dialect) => {
  let upstream: TestHub;
  let hub: TestHub;
  let gitHome: string;
  /** Every credential the test handles: none may appear in any event. */
  const secrets: string[] = [ADMIN, PASSWORD, WEBHOOK_SECRET, WEBHOOK_URL_TOKEN];
  let events: AuditEvent[] = [];
  let orgExport: AuditEvent[] = [];
  let orgCsv = "";
  let alice: Credentials;
  let bob: Credentials;

  const ofType = (type: string) => events.filter((event) => event.type === type);
  const one = (type: string, match: (event: AuditEvent) => boolean = () => true): AuditEvent => {
    const found = ofType(type).filter(match);
    expect(found, `${type} events matching`).toHaveLength(1);
    return found[0];
  };

  beforeAll(async () => {
    upstream = await startTestHub();
    const upToken = await upstream.tokenFor("up");
    await ok(upstream, "POST", "/api/repos/create", { token: upToken }, { name: "tiny", type: "model" });
    await ok(
      upstream,
      "POST",
      "/api/models/up/tiny/commit/main",
      { token: upToken },
      commitBody("add", { "a.txt": "a" }),
      {
        "Content-Type": "application/x-ndjson",
      },
    );
    hub = await startTestHub({
      dialect,
      env: {
        MODELHUB_ADMIN_TOKEN: ADMIN,
        MODELHUB_UPSTREAM_URL: upstream.url,
        MODELHUB_MIRROR_DENY: "evil/*",
        MODELHUB_GC_INTERVAL_H: "0",
      },
    });
    gitHome = await makeGitHome("audit-git-", "Alice", "alice@example.com");
  }, 120_000);

  afterAll(async () => {
    await hub?.stop();
    await upstream?.stop();
    if (gitHome) await rm(gitHome, { recursive: true, force: true });
  });

  it("records each action once, attributed, in the export shape", async () => {
    // accounts from the operator's command line: the hub itself, from this machine's account
    const created = await cli(hub, "token", "create", "alice", "--write", "--password", PASSWORD);
    expect(created.code, created.err).toBe(0);
    alice = { token: created.out.trim() };
    secrets.push(alice.token!);
    const bobToken = (await cli(hub, "token", "create", "bob", "--write")).out.trim();
    bob = { token: bobToken };
    secrets.push(bobToken);

    // first use of a token; a token made and deleted through the API
    await ok(hub, "GET", "/api/whoami-v2", alice);
    const made = (await ok(hub, "POST", "/api/settings/tokens", alice, { displayName: "ci", role: "write" }))
      .body as { id: string; token: string };
    secrets.push(made.token);
    await ok(hub, "DELETE", `/api/settings/tokens/${made.id}`, alice);

    // sign-ins: failed (wrong password, unknown user, bad token), with a password, with a token
    expect((await signIn(hub, { username: "alice", password: "wrong-password" })).status).toBe(401);
    expect((await signIn(hub, { username: "nobody-here", password: "wrong-password" })).status).toBe(401);
    expect((await signIn(hub, { token: `hf_${"Z".repeat(34)}` })).status).toBe(401);
    const first = await signIn(hub, { username: "alice", password: PASSWORD });
    const second = await signIn(hub, { token: alice.token });
    secrets.push(first.cookie.split("=")[1], second.cookie.split("=")[1], first.csrf, second.csrf);
    const sessions = (await ok(hub, "GET", "/api/settings/sessions", { session: second })).body as {
      id: string;
      current: boolean;
    }[];
    const other = sessions.find((session) => !session.current)!;
    await ok(hub, "DELETE", `/api/settings/sessions/${other.id}`, { session: second });
    await ok(hub, "POST", "/api/logout", { session: second });

    // an organisation and its members
    await ok(hub, "POST", "/api/organizations/new", alice, { name: "acme" });
    await ok(hub, "POST", "/api/organizations/acme/members", alice, { user: "bob", role: "read" });
    await ok(hub, "PUT", "/api/organizations/acme/members/bob/role", alice, { role: "write" });
    await ok(hub, "PUT", "/api/organizations/acme/settings", alice, { privateReposByDefault: true });
    await ok(hub, "DELETE", "/api/organizations/acme/members/bob", alice);

    // repos: create (private by the org's default), settings, move, delete
    await ok(hub, "POST", "/api/repos/create", alice, {
      name: "model-a",
      organization: "acme",
      type: "model",
    });
    await ok(hub, "PUT", "/api/models/acme/model-a/settings", alice, { private: false, gated: "manual" });
    await ok(hub, "POST", "/api/repos/move", alice, { fromRepo: "acme/model-a", toRepo: "acme/model-b" });
    await ok(hub, "POST", "/api/repos/create", alice, { name: "scratch", type: "model" });
    await ok(hub, "DELETE", "/api/repos/delete", alice, { name: "alice/scratch", type: "model" });

    // access requests: rejected, back to pending, granted by hand; granted automatically
    await ok(hub, "POST", "/api/models/acme/model-b/ask-access", bob, {});
    const handle = "/api/models/acme/model-b/user-access-request/handle";
    await ok(hub, "POST", handle, alice, { user: "bob", status: "rejected", rejectionReason: "not yet" });
    await ok(hub, "POST", handle, alice, { user: "bob", status: "pending" });
    await ok(hub, "POST", "/api/models/acme/model-b/user-access-request/grant", alice, { user: "bob" });
    await ok(hub, "POST", "/api/repos/create", alice, { name: "open-gate", type: "model" });
    await ok(hub, "PUT", "/api/models/alice/open-gate/settings", alice, { gated: "auto" });
    await ok(hub, "POST", "/api/models/alice/open-gate/ask-access", bob, {});

    // refs: a branch and a tag deleted through the API, a super-squash
    const ndjsonHeaders = { "Content-Type": "application/x-ndjson" };
    await ok(
      hub,
      "POST",
      "/api/models/acme/model-b/commit/main",
      alice,
      commitBody("one", { "x.txt": "1" }),
      ndjsonHeaders,
    );
    await ok(
      hub,
      "POST",
      "/api/models/acme/model-b/commit/main",
      alice,
      commitBody("two", { "x.txt": "2" }),
      ndjsonHeaders,
    );
    await ok(hub, "POST", "/api/models/acme/model-b/branch/dev", alice, {});
    await ok(hub, "DELETE", "/api/models/acme/model-b/branch/dev", alice);
    await ok(hub, "POST", "/api/models/acme/model-b/tag/main", alice, { tag: "v1" });
    await ok(hub, "DELETE", "/api/models/acme/model-b/tag/v1", alice);
    await ok(hub, "POST", "/api/models/acme/model-b/super-squash/main", alice, {});

    // git: a force push and a branch deleted by push
    const work = await mkdtemp(join(tmpdir(), "audit-clone-"));
    const remote = hub.url.replace("http://", `http://alice:${alice.token}@`) + "/acme/model-b";
    const git = async (...args: string[]) => {
      const result = await gitCli(args, work, gitHome);
      expect(result.code, `git ${args.join(" ")}: ${result.stderr}`).toBe(0);
    };
    await git("clone", remote, ".");
    await writeFile(join(work, "y.txt"), "first");
    await git("add", "y.txt");
    await git("commit", "-m", "feature");
    await git("push", "origin", "HEAD:refs/heads/feature");
    await writeFile(join(work, "y.txt"), "rewritten");
    await git("commit", "-a", "--amend", "-m", "feature, rewritten");
    await git("push", "--force", "origin", "HEAD:refs/heads/feature");
    await git("push", "origin", "--delete", "feature");
    await rm(work, { recursive: true, force: true });

    // LFS files deleted permanently
    await ok(
      hub,
      "POST",
      "/api/models/acme/model-b/commit/main",
      alice,
      commitBody("weights", {
        ".gitattributes": "*.bin filter=lfs diff=lfs merge=lfs -text\n",
        "weights.bin": "not really weights",
      }),
      ndjsonHeaders,
    );
    const lfsFiles = (await ok(hub, "GET", "/api/models/acme/model-b/lfs-files", alice)).body as {
      fileOid: string;
    }[];
    expect(lfsFiles).toHaveLength(1);
    await ok(hub, "POST", "/api/models/acme/model-b/lfs-files/batch", alice, {
      deletions: { sha: [lfsFiles[0].fileOid], rewriteHistory: true },
    });

    // collections
    const collection = (
      await ok(hub, "POST", "/api/collections", alice, { title: "Reading list", namespace: "acme" })
    ).body as { slug: string };
    await ok(hub, "PATCH", `/api/collections/${collection.slug}`, alice, {
      private: true,
      title: "Private list",
    });
    await ok(hub, "DELETE", `/api/collections/${collection.slug}`, alice);

    // webhooks: the secret and the URL's token never reach the log
    const hook = (
      await ok(hub, "POST", "/api/settings/webhooks", alice, {
        url: `https://hooks.example.com/hub?token=${WEBHOOK_URL_TOKEN}`,
        watched: [{ type: "model", name: "alice/nothing" }],
        secret: WEBHOOK_SECRET,
      })
    ).body as { webhook: { id: string } };
    const hookPath = `/api/settings/webhooks/${hook.webhook.id}`;
    await ok(hub, "POST", hookPath, alice, { secret: `${WEBHOOK_SECRET}-2`, domains: ["repo"] });
    await ok(hub, "POST", `${hookPath}/disable`, alice);
    await ok(hub, "POST", `${hookPath}/enable`, alice);
    await ok(hub, "DELETE", hookPath, alice);

    // the mirror (rules recorded at start-up), a pin; garbage collection; an fsck repair
    const pulled = await ok(hub, "POST", "/api/admin/mirror/pull", { token: ADMIN }, { id: "up/tiny" });
    expect(pulled.text).toContain('"done":true');
    await ok(hub, "POST", "/api/admin/gc", { token: ADMIN });
    await hub.services.hub.db
      .updateTable("repos")
      .set({ sha: "0".repeat(40) })
      .where("full_id", "=", "acme/model-b")
      .execute();
    const fsck = await cli(hub, "fsck", "--repair");
    expect(fsck.code, fsck.out + fsck.err).toBe(0);

    // two-factor authentication: on, recovery codes renewed, off (a recovery code proves each step)
    const setup = (await ok(hub, "POST", "/api/settings/2fa/setup", alice)).body as { secret: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const enabled = (await ok(hub, "POST", "/api/settings/2fa/enable", alice, { code: totp.generate() }))
      .body as { recoveryCodes: string[] };
    const renewed = (
      await ok(hub, "POST", "/api/settings/2fa/recovery-codes", alice, { code: enabled.recoveryCodes[0] })
    ).body as { recoveryCodes: string[] };
    await ok(hub, "POST", "/api/settings/2fa/disable", alice, { code: renewed.recoveryCodes[0] });
    secrets.push(setup.secret, ...enabled.recoveryCodes, ...renewed.recoveryCodes);

    // company sign-in settings of the org, a SCIM token, an account switched off and on by SCIM
    await ok(hub, "PUT", "/api/organizations/acme/settings/sso", alice, {
      require2fa: false,
      groupsAttribute: null,
      mappings: [{ group: "ml-team", role: "write" }],
    });
    const scimToken = (
      await ok(hub, "POST", "/api/organizations/acme/settings/scim-tokens", alice, { displayName: "IdP" })
    ).body as { id: string; token: string };
    secrets.push(scimToken.token);
    const scim = { token: scimToken.token };
    const scimHeaders = { "Content-Type": "application/scim+json" };
    const scimUser = (
      await ok(
        hub,
        "POST",
        "/api/organizations/acme/scim/v2/Users",
        scim,
        JSON.stringify({
          schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
          userName: "carol@example.com",
          active: true,
          emails: [{ primary: true, value: "carol@example.com" }],
        }),
        scimHeaders,
      )
    ).body as { id: string };
    for (const active of [false, true])
      await ok(
        hub,
        "PATCH",
        `/api/organizations/acme/scim/v2/Users/${scimUser.id}`,
        scim,
        JSON.stringify({
          schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
          Operations: [{ op: "replace", value: { active } }],
        }),
        scimHeaders,
      );
    const extraToken = (
      await ok(hub, "POST", "/api/organizations/acme/settings/scim-tokens", alice, { displayName: "spare" })
    ).body as { id: string; token: string };
    secrets.push(extraToken.token);
    await ok(hub, "DELETE", `/api/organizations/acme/settings/scim-tokens/${extraToken.id}`, alice);

    // the org's export (recorded itself), JSON and CSV
    const exported = await ok(hub, "GET", "/api/organizations/acme/audit-log/export", alice);
    expect(exported.headers.get("content-disposition")).toMatch(
      /attachment; filename="audit-log-acme-.*\.json"/,
    );
    orgExport = exported.body as AuditEvent[];
    orgCsv = (await ok(hub, "GET", "/api/organizations/acme/audit-log/export?format=csv&q=type:org.*", alice))
      .text;

    events = await adminEvents(hub, ADMIN);
    for (const type of AUDIT_EVENT_TYPES)
      if (!ELSEWHERE.has(type)) expect(ofType(type).length, `events of type ${type}`).toBeGreaterThan(0);
  }, 240_000);

  it("records two-factor, company sign-in and SCIM changes with who made them and how", () => {
    for (const type of ["user.2fa_enable", "user.2fa_recovery_codes", "user.2fa_disable"])
      expect(one(type).author.user, type).toBe("alice");
    expect(one("user.2fa_recovery_codes").data).toEqual({ user: "alice", count: 10 });
    expect(one("org.sso_settings_update").data).toMatchObject({
      org: "acme",
      mappings: [{ group: "ml-team", role: "write" }],
    });
    expect(one("org.scim_token_create", (e) => e.data.displayName === "IdP").namespace).toBe("acme");
    expect(one("org.scim_token_delete").data).toMatchObject({ org: "acme", displayName: "spare" });
    // SCIM calls carry the org's SCIM token, no hub user: the hub itself is the author
    const off = one("user.disable");
    expect(off.data).toMatchObject({ via: "scim" });
    expect(off.data.user).toEqual(one("user.enable").data.user);
    expect(off.token).toBeUndefined();
  });

  it("attributes every event to its author, token and address", () => {
    const aliceId = one("user.create", (e) => e.data.user === "alice").data.userId;
    const byAlice = (event: AuditEvent) => event.author.user === "alice" && event.author._id === aliceId;
    const withAliceToken = (event: AuditEvent) =>
      event.token?.type === "access_token" &&
      event.token.last4 === alice.token!.slice(-4) &&
      event.token.role === "write";

    // the command line: the hub itself, from this machine's account
    const cliUser = one("user.create", (e) => e.data.user === "alice");
    expect(cliUser.author).toEqual({ _id: null, user: null, type: "system" });
    expect(cliUser.userAgent).toMatch(/^modelhub token \(/);
    expect(cliUser.ip).toBeNull();
    expect(one("user.password_change").data).toMatchObject({ user: "alice" });
    expect(
      one("token.create", (e) => e.data.user === "alice" && e.data.displayName === "cli write token").data,
    ).toMatchObject({ role: "write", last4: alice.token!.slice(-4) });

    const firstUse = one("token.first_use", (e) => e.data.user === "alice");
    expect(byAlice(firstUse) && withAliceToken(firstUse)).toBe(true);
    expect(firstUse.ip).toBe("127.0.0.1");
    expect(firstUse.userAgent).toBe("audit-test/1");
    const apiToken = one("token.create", (e) => e.data.displayName === "ci");
    expect(byAlice(apiToken) && withAliceToken(apiToken)).toBe(true);
    expect(one("token.delete").data).toMatchObject({ displayName: "ci", role: "write", user: "alice" });

    const failures = ofType("user.login_failed").map((e) => [
      e.data.provider,
      e.data.reason,
      e.author.type,
      e.author.user,
    ]);
    expect(failures).toEqual(
      expect.arrayContaining([
        ["password", "wrong_password", "user", "alice"],
        ["password", "unknown_user", "user", "nobody-here"],
        ["token", "invalid_token", "anonymous", null],
      ]),
    );
    const logins = ofType("user.login");
    expect(logins.map((e) => e.data.provider).sort()).toEqual(["password", "token"]);
    expect(logins.every(byAlice)).toBe(true);
    expect(logins.find((e) => e.data.provider === "token")?.token?.last4).toBe(alice.token!.slice(-4));
    expect(logins.find((e) => e.data.provider === "password")?.token).toBeUndefined();
    // done in a browser session: the user, no token
    for (const type of ["user.session_revoke", "user.logout"]) {
      const event = one(type);
      expect(byAlice(event)).toBe(true);
      expect(event.token).toBeUndefined();
    }

    expect(one("org.create").data).toMatchObject({ org: "acme", admins: ["alice"] });
    // bob by alice; the SCIM-provisioned account by the org's identity provider
    expect(ofType("org.add_user").map((e) => e.data.user)).toEqual(["carol", "bob"]);
    expect(one("org.add_user", (e) => e.data.user === "carol").data).toMatchObject({ via: "scim" });
    expect(one("org.add_user", (e) => e.data.user === "bob").data).toMatchObject({
      org: "acme",
      role: "read",
    });
    expect(one("org.change_role").data).toMatchObject({ user: "bob", from: "read", to: "write" });
    expect(one("org.remove_user").data).toMatchObject({ user: "bob", role: "write" });
    expect(one("org.settings.security.repo_visibility").data).toMatchObject({ privateReposByDefault: true });

    const created = one(
      "repo.create",
      (e) => e.data.repo !== undefined && (e.data.repo as { id: string }).id === "acme/model-a",
    );
    expect(created.data.repo).toMatchObject({ type: "model", private: true });
    expect(created.namespace).toBe("acme");
    expect(byAlice(created) && withAliceToken(created)).toBe(true);
    expect(one("repo.update_settings", (e) => e.namespace === "acme").data.changes).toEqual({
      private: { from: true, to: false },
      gated: { from: false, to: "manual" },
    });
    expect(one("repo.move").data).toMatchObject({ from: "acme/model-a", to: "acme/model-b" });
    expect(one("repo.delete").data.repo).toMatchObject({ id: "alice/scratch" });

    const byBob = (event: AuditEvent) =>
      event.author.user === "bob" && event.token?.last4 === bob.token!.slice(-4);
    expect(one("repo.access_request.rejected").data).toMatchObject({
      user: "bob",
      rejectionReason: "not yet",
    });
    expect(one("repo.access_request.pending").data).toMatchObject({ user: "bob", from: "rejected" });
    const granted = ofType("repo.access_request.granted");
    expect(granted.map((e) => e.data.via).sort()).toEqual(["auto", "grant"]);
    expect(byBob(granted.find((e) => e.data.via === "auto")!)).toBe(true);
    expect(byAlice(granted.find((e) => e.data.via === "grant")!)).toBe(true);

    expect(
      ofType("repo.delete_branch")
        .map((e) => [e.data.branch, e.data.via])
        .sort(),
    ).toEqual([
      ["dev", "api"],
      ["feature", "git"],
    ]);
    expect(one("repo.delete_tag").data).toMatchObject({ tag: "v1", via: "api" });
    expect(one("repo.super_squash").data).toMatchObject({ ref: "refs/heads/main" });
    const forced = one("repo.force_push");
    expect(forced.data).toMatchObject({ ref: "refs/heads/feature", via: "git" });
    expect(byAlice(forced) && withAliceToken(forced)).toBe(true);
    expect(one("repo.delete_lfs_file").data).toMatchObject({ count: 1, rewriteHistory: true });

    expect(one("collection.create").data).toMatchObject({ title: "Reading list", owner: "acme" });
    expect(one("collection.update").data.changes).toMatchObject({ private: { from: false, to: true } });
    expect(one("collection.delete").namespace).toBe("acme");

    const hook = one("webhook.create");
    expect(hook.data).toMatchObject({ target: "https://hooks.example.com", hasSecret: true });
    expect(one("webhook.update").data.changes).toMatchObject({ secretChange: "changed" });
    for (const type of ["webhook.enable", "webhook.disable", "webhook.delete"])
      expect(byAlice(one(type))).toBe(true);

    const rules = one("mirror.rules");
    expect(rules.author.type).toBe("system");
    expect(rules.data).toMatchObject({ deny: ["evil/*"], previous: null });
    const pin = one("mirror.pin");
    expect(pin.data.repo).toMatchObject({ id: "up/tiny" });
    expect(pin.author.user).toBe("admin");
    expect(one("admin.gc").data).toMatchObject({ trigger: "api" });
    expect(one("admin.gc").author.user).toBe("admin");
    expect(one("admin.fsck_repair").author.type).toBe("system");

    // every event's message comes from the catalogue (or says more), and its type is in it
    for (const event of events) {
      expect(Object.hasOwn(AUDIT_CATALOGUE, event.type), event.type).toBe(true);
      expect(event.message.length).toBeGreaterThan(0);
      expect(event._id).toMatch(/^[0-9a-f]{24}$/);
    }
  });

  it("gives an org admin the org's events only, in JSON and CSV, and records the export", () => {
    expect(orgExport.length).toBeGreaterThan(10);
    expect(orgExport.every((event) => event.namespace === "acme")).toBe(true);
    expect(orgExport[0].type).toBe("org.audit_log.export");
    expect(orgExport.map((event) => event.seq)).toEqual(
      [...orgExport.map((e) => e.seq)].sort((a, b) => b - a),
    );
    const lines = orgCsv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "_id,createdAt,type,message,author.type,author.user,author._id,ip,userAgent,token.id,token.role,token.last4,namespace,data,seq,prevHash,hash",
    );
    expect(lines.slice(1).every((line) => line.includes(",org."))).toBe(true);
  });

  it("never records a secret", () => {
    const everything = JSON.stringify(events) + JSON.stringify(orgExport) + orgCsv;
    for (const secret of secrets)
      expect(everything.includes(secret), `a secret of the test: ${secret.slice(0, 6)}…`).toBe(false);
    expect(everything).not.toMatch(/hf_[A-Za-z]{30,}/);
  });

  it("filters: type, author, ip, dates; refuses bad queries; only org admins and site admins read", async () => {
    const q = async (query: string) => (await adminEvents(hub, ADMIN, query)).map((event) => event.type);
    expect(new Set(await q("type:repo.create"))).toEqual(new Set(["repo.create"]));
    expect((await q("type:webhook.*")).length).toBe(5);
    expect((await adminEvents(hub, ADMIN, "author:bob")).every((event) => event.author.user === "bob")).toBe(
      true,
    );
    expect((await q("ip:127.0.0.1")).length).toBeGreaterThan(20);
    expect(await q("ip:10.9.9.9")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`created:${today}`)).length).toBe(events.length + 0);
    expect(await q("created:<2000-01-01")).toEqual([]);
    expect(await q("after:2999-01-01")).toEqual([]);
    for (const bad of ["color:red", "created:yesterday", "type:nosuch.*", "author:"]) {
      const answer = await call(hub, "GET", `/api/admin/audit-log?q=${encodeURIComponent(bad)}`, {
        token: ADMIN,
      });
      expect(answer.status, bad).toBe(400);
      expect((answer.body as { error: string }).error).toBeTruthy();
    }
    expect((await call(hub, "GET", "/api/admin/audit-log?cursor=abc", { token: ADMIN })).status).toBe(400);
    expect((await call(hub, "GET", "/api/admin/audit-log?limit=0", { token: ADMIN })).status).toBe(400);
    expect((await call(hub, "GET", "/api/admin/audit-log", alice)).status).toBe(403);
    expect((await call(hub, "GET", "/api/admin/audit-log")).status).toBe(401);
    // bob is a member no more; a member who is not an admin is refused too
    await ok(hub, "POST", "/api/organizations/acme/members", alice, { user: "bob", role: "write" });
    expect((await call(hub, "GET", "/api/organizations/acme/audit-log/export", bob)).status).toBe(403);
    expect((await call(hub, "GET", "/api/organizations/nope/audit-log/export", alice)).status).toBe(404);
    expect(
      (await call(hub, "GET", "/api/organizations/acme/audit-log?q=namespace:other", alice)).status,
    ).toBe(400);
    const page = (await ok(hub, "GET", "/api/organizations/acme/audit-log?limit=2", alice)).body as {
      events: AuditEvent[];
      nextCursor: string;
    };
    expect(page.events).toHaveLength(2);
    const next = (
      await ok(hub, "GET", `/api/organizations/acme/audit-log?limit=2&cursor=${page.nextCursor}`, alice)
    ).body as { events: AuditEvent[] };
    expect(next.events[0].seq).toBeLessThan(page.events[1].seq);
  });

  it("leaves no event, and no change, when the transaction rolls back", async () => {
    const before = (await adminEvents(hub, ADMIN)).length;
    process.env.MODELHUB_TEST_FAIL_AFTER_AUDIT = "org.add_user";
    try {
      expect(
        (await call(hub, "POST", "/api/organizations/acme/members", alice, { user: "admin", role: "read" }))
          .status,
      ).toBe(500);
    } finally {
      delete process.env.MODELHUB_TEST_FAIL_AFTER_AUDIT;
    }
    process.env.MODELHUB_TEST_FAIL_AFTER_AUDIT = "repo.create";
    try {
      expect(
        (await call(hub, "POST", "/api/repos/create", alice, { name: "never", type: "model" })).status,
      ).toBe(500);
    } finally {
      delete process.env.MODELHUB_TEST_FAIL_AFTER_AUDIT;
    }
    const members = (await ok(hub, "GET", "/api/organizations/acme/members")).body as { user: string }[];
    expect(members.map((m) => m.user)).not.toContain("admin");
    expect((await call(hub, "GET", "/api/models/alice/never", alice)).status).toBe(404);
    const after = await adminEvents(hub, ADMIN);
    expect(after.length).toBe(before);
    expect((await hub.audit.verify()).ok).toBe(true);
  });
});

describe("the catalogue is documented", () => {
  it("lists every type in the README's catalogue table", async () => {
    const readme = await readFile(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
    const missing = AUDIT_EVENT_TYPES.filter((type) => !readme.includes(`| \`${type}\` |`));
    expect(missing).toEqual([]);
  });
});
