import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQuotaCommand } from "../../src/cli/quota.js";
import { quotaSettingsFrom } from "../../src/quotas/settings.js";
import { gitCli, hasGitLfs, makeGitHome } from "../content/git-cli.js";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const ADMIN = `hf_${"Q".repeat(34)}`;

interface Storage {
  name: string;
  storageLimitFrom: string;
  kind: string;
  usedBytes: number;
  reservedBytes: number;
  storageLimit: number | null;
  repoCount: number;
  repoLimit: number | null;
  summary: string;
}

describe.each(DIALECTS)("storage quotas (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;
  let aliceRead: string;
  let bob: string;
  let home: string;

  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${hub.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, json, text };
  };
  const setQuota = async (name: string, body: unknown) => {
    const answer = await api("PUT", `/api/admin/quotas/${name}`, ADMIN, body);
    expect(answer.status, answer.text).toBe(200);
    return answer.json as Storage;
  };
  const storageOf = async (name: string, kind: "users" | "organizations" = "users") => {
    const answer = await api("GET", `/api/${kind}/${name}/storage`, ADMIN);
    expect(answer.status, answer.text).toBe(200);
    return answer.json as Storage;
  };
  const createRepo = async (token: string, name: string, organization?: string) =>
    api("POST", "/api/repos/create", token, {
      type: "model",
      name,
      ...(organization ? { organization } : {}),
    });
  const commit = (id: string, files: Record<string, Buffer>, token = alice) =>
    fetch(`${hub.url}/api/models/${id}/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body:
        [
          { key: "header", value: { summary: "upload" } },
          ...Object.entries(files).map(([path, content]) => ({
            key: "file",
            value: { path, content: content.toString("base64"), encoding: "base64" },
          })),
        ]
          .map((line) => JSON.stringify(line))
          .join("\n") + "\n",
    });
  const head = async (id: string) =>
    ((await api("GET", `/api/models/${id}/revision/main`, alice)).json as { sha?: string }).sha;
  const lfsBatch = (id: string, objects: { oid: string; size: number }[]) =>
    fetch(`${hub.url}/${id}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${alice}`,
        Accept: "application/vnd.git-lfs+json",
        "Content-Type": "application/vnd.git-lfs+json",
      },
      body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects }),
    });
  const lfsObject = (size: number) => {
    const bytes = randomBytes(size);
    return { bytes, oid: createHash("sha256").update(bytes).digest("hex"), size };
  };
  const quarantines = (id: string) =>
    readdirSync(join(hub.dataDir, "repos", "models", ...id.split("/")) + ".git").filter((name) =>
      name.startsWith("quarantine-"),
    );

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_ADMIN_TOKEN: ADMIN } });
    alice = await hub.tokenFor("alice");
    aliceRead = await hub.tokenFor("alice", "read");
    bob = await hub.tokenFor("bob");
    home = await makeGitHome("quota-git-", "Alice", "alice@example.com");
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("lets only site admins see and set quotas; bad sizes are 400", async () => {
    expect((await api("PUT", "/api/admin/quotas/alice", undefined, { storage: "1GB" })).status).toBe(401);
    expect((await api("PUT", "/api/admin/quotas/alice", alice, { storage: "1GB" })).status).toBe(403);
    expect((await api("GET", "/api/admin/quotas/alice", alice)).status).toBe(403);
    const adminRead = (await hub.services.accounts.createToken("admin", { displayName: "r", role: "read" }))
      .token;
    expect((await api("PUT", "/api/admin/quotas/alice", adminRead, { storage: "1GB" })).status).toBe(403);
    for (const storage of ["12XB", "-5GB", "lots", "", 1.5, -1])
      expect((await api("PUT", "/api/admin/quotas/alice", ADMIN, { storage })).status, String(storage)).toBe(
        400,
      );
    expect((await api("PUT", "/api/admin/quotas/alice", ADMIN, { repos: "many" })).status).toBe(400);
    expect((await api("PUT", "/api/admin/quotas/alice", ADMIN, {})).status).toBe(400);
    expect((await api("PUT", "/api/admin/quotas/nobody-here", ADMIN, { storage: "1GB" })).status).toBe(404);

    const set = await setQuota("alice", { storage: "50GB" });
    expect(set.storageLimit).toBe(50e9);
    expect(set.summary).toBe("0 B of 50.0 GB");
    expect((await setQuota("alice", { storage: "500MiB" })).storageLimit).toBe(500 * 2 ** 20);
    expect((await setQuota("alice", { storage: "none" })).storageLimit).toBeNull();

    // the owner sees the figure; others do not
    expect((await api("GET", "/api/users/alice/storage", alice)).status).toBe(200);
    expect((await api("GET", "/api/users/alice/storage", bob)).status).toBe(403);
    expect((await api("GET", "/api/users/alice/storage")).status).toBe(401);

    const events = await hub.services.hub.db
      .selectFrom("audit_events" as never)
      .select(["type", "namespace", "author_name"] as never[])
      .where("type" as never, "=", "admin.quota_set" as never)
      .execute();
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ namespace: "alice", author_name: "admin" });
  });

  it("refuses a commit one byte over the quota with nothing kept, and lands one that fits", async () => {
    expect((await createRepo(alice, "commits")).status).toBe(200);
    const before = await head("alice/commits");
    const used = (await storageOf("alice")).usedBytes;
    const content = randomBytes(5000);
    await setQuota("alice", { storage: used + content.length - 1 });

    const refused = await commit("alice/commits", { "weights.bin": content });
    expect(refused.status).toBe(413);
    const message = ((await refused.json()) as { error: string }).error;
    expect(message).toMatch(/Storage quota exceeded/);
    expect(message).toContain(`${used + content.length - 1} bytes`); // the quota
    expect(message).toContain(`${used} bytes`); // the usage
    expect(message).toContain(`${content.length} bytes`); // what the commit needs
    expect(await head("alice/commits")).toBe(before);
    expect((await storageOf("alice")).usedBytes).toBe(used);
    expect(quarantines("alice/commits")).toEqual([]);

    await setQuota("alice", { storage: used + content.length });
    const landed = await commit("alice/commits", { "weights.bin": content });
    expect(landed.status, await landed.clone().text()).toBe(200);
    expect(await head("alice/commits")).not.toBe(before);
    const after = await storageOf("alice");
    expect(after.usedBytes).toBeGreaterThan(used);
    expect(after.reservedBytes).toBe(0);

    // over the quota, deleting still lands: it needs no room
    await setQuota("alice", { storage: 1 });
    const deletion = await fetch(`${hub.url}/api/models/alice/commits/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${alice}`, "Content-Type": "application/x-ndjson" },
      body: `${JSON.stringify({ key: "header", value: { summary: "clean up" } })}\n${JSON.stringify({
        key: "deletedFile",
        value: { path: "weights.bin" },
      })}\n`,
    });
    expect(deletion.status, await deletion.clone().text()).toBe(200);
    await setQuota("alice", { storage: "none" });
  });

  it("refuses an LFS batch one byte over before any byte is sent; the upload that fits is counted", async () => {
    expect((await createRepo(alice, "lfs")).status).toBe(200);
    const used = (await storageOf("alice")).usedBytes;
    const object = lfsObject(3000);
    await setQuota("alice", { storage: used + object.size - 1 });
    const refused = await lfsBatch("alice/lfs", [{ oid: object.oid, size: object.size }]);
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { message: string };
    expect(body.message).toMatch(/Storage quota exceeded: alice uses/);

    await setQuota("alice", { storage: used + object.size });
    const accepted = await lfsBatch("alice/lfs", [{ oid: object.oid, size: object.size }]);
    expect(accepted.status).toBe(200);
    const answer = (await accepted.json()) as { objects: { actions?: { upload?: { href: string } } }[] };
    const href = answer.objects[0].actions?.upload?.href;
    expect(href).toBeDefined();
    // held while the upload is under way: a second object does not fit meanwhile
    expect((await storageOf("alice")).reservedBytes).toBe(object.size);
    const other = lfsObject(10);
    expect((await lfsBatch("alice/lfs", [{ oid: other.oid, size: other.size }])).status).toBe(413);
    const put = await fetch(href!, { method: "PUT", body: object.bytes });
    expect(put.status).toBe(200);
    const after = await storageOf("alice");
    expect(after.usedBytes).toBe(used + object.size);
    expect(after.reservedBytes).toBe(0);
    await setQuota("alice", { storage: "none" });
  });

  it("refuses a git push over the quota (stock git client) and takes it once it fits", async () => {
    expect((await createRepo(alice, "pushed")).status).toBe(200);
    const url = `${hub.url}/alice/pushed`.replace("http://", `http://alice:${alice}@`);
    const clone = join(home, "pushed");
    expect((await gitCli(["clone", "--quiet", url, clone], home, home)).code).toBe(0);
    await writeFile(join(clone, "data.bin"), randomBytes(20_000));
    await gitCli(["add", "data.bin"], clone, home);
    expect((await gitCli(["commit", "-qm", "data"], clone, home)).code).toBe(0);
    const before = await head("alice/pushed");
    const used = (await storageOf("alice")).usedBytes;
    await setQuota("alice", { storage: used + 1000 });
    const refused = await gitCli(["push", "origin", "HEAD:main"], clone, home);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Storage quota exceeded: alice uses/);
    expect(await head("alice/pushed")).toBe(before);
    expect((await storageOf("alice")).usedBytes).toBe(used);

    await setQuota("alice", { storage: used + 100_000 });
    const pushed = await gitCli(["push", "origin", "HEAD:main"], clone, home);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await head("alice/pushed")).not.toBe(before);
    expect((await storageOf("alice")).usedBytes).toBeGreaterThan(used + 20_000);
    await setQuota("alice", { storage: "none" });
  });

  it.skipIf(!hasGitLfs())(
    "refuses a git-lfs push in the batch answer before any byte is sent, and takes it once it fits",
    async () => {
      expect((await createRepo(alice, "lfs-pushed")).status).toBe(200);
      const url = `${hub.url}/alice/lfs-pushed`.replace("http://", `http://alice:${alice}@`);
      const clone = join(home, "lfs-pushed");
      expect((await gitCli(["clone", "--quiet", url, clone], home, home)).code).toBe(0);
      await gitCli(["lfs", "track", "*.bin"], clone, home);
      await writeFile(join(clone, "model.bin"), randomBytes(30_000));
      await gitCli(["add", ".gitattributes", "model.bin"], clone, home);
      expect((await gitCli(["commit", "-qm", "weights"], clone, home)).code).toBe(0);
      const before = await head("alice/lfs-pushed");
      const used = (await storageOf("alice")).usedBytes;
      await setQuota("alice", { storage: used + 29_999 });
      const refused = await gitCli(["push", "origin", "HEAD:main"], clone, home);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/Storage quota exceeded: alice uses/);
      expect(await head("alice/lfs-pushed")).toBe(before);
      expect((await storageOf("alice")).usedBytes).toBe(used);

      await setQuota("alice", { storage: used + 60_000 });
      const pushed = await gitCli(["push", "origin", "HEAD:main"], clone, home);
      expect(pushed.code, pushed.stderr).toBe(0);
      const after = await storageOf("alice");
      expect(after.repos.find((repo) => repo.id === "alice/lfs-pushed")?.lfsBytes).toBe(30_000);
      expect(after.reservedBytes).toBe(0);
      await setQuota("alice", { storage: "none" });
    },
  );

  it("lets only one of two concurrent uploads land when together they exceed the quota", async () => {
    expect((await createRepo(alice, "race-a")).status).toBe(200);
    expect((await createRepo(alice, "race-b")).status).toBe(200);
    const used = (await storageOf("alice")).usedBytes;
    await setQuota("alice", { storage: used + 15_000 });
    const commits = await Promise.all([
      commit("alice/race-a", { "a.bin": randomBytes(10_000) }),
      commit("alice/race-b", { "b.bin": randomBytes(10_000) }),
    ]);
    expect(commits.map((r) => r.status).sort()).toEqual([200, 413]);

    const now = (await storageOf("alice")).usedBytes;
    await setQuota("alice", { storage: now + 15_000 });
    const [x, y] = [lfsObject(10_000), lfsObject(10_000)];
    const batches = await Promise.all([
      lfsBatch("alice/race-a", [{ oid: x.oid, size: x.size }]),
      lfsBatch("alice/race-b", [{ oid: y.oid, size: y.size }]),
    ]);
    expect(batches.map((r) => r.status).sort()).toEqual([200, 413]);
    await setQuota("alice", { storage: "none" });
  });

  it("refuses a repo beyond the repository limit", async () => {
    await hub.services.accounts.ensureUser({ name: "carol" });
    const carol = await hub.tokenFor("carol");
    await setQuota("carol", { repos: 2 });
    expect((await createRepo(carol, "one")).status).toBe(200);
    expect((await createRepo(carol, "two")).status).toBe(200);
    const refused = await createRepo(carol, "three");
    expect(refused.status).toBe(403);
    expect((refused.json as { error: string }).error).toMatch(/Repository limit reached: carol has 2 of 2/);
    await setQuota("carol", { repos: "none" });
    expect((await createRepo(carol, "three")).status).toBe(200);
    // creations racing for the last allowed repo: exactly one gets it (the count is checked under the
    // namespace's lock, in the transaction that inserts the repo)
    await setQuota("carol", { repos: 4 });
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => createRepo(carol, `race-${i}`)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    expect((await storageOf("carol")).repoCount).toBe(4);
    await setQuota("carol", { repos: "none" });
  });

  it("refuses duplicating a repo whose storage does not fit the target's quota", async () => {
    await hub.services.accounts.ensureUser({ name: "dave" });
    const dave = await hub.tokenFor("dave");
    expect((await createRepo(dave, "source")).status).toBe(200);
    expect((await commit("dave/source", { "big.bin": randomBytes(8000) }, dave)).status).toBe(200);
    const used = (await storageOf("dave")).usedBytes;
    await setQuota("dave", { storage: used + 1000 });
    const refused = await api("POST", "/api/models/dave/source/duplicate", dave, { repository: "dave/copy" });
    expect(refused.status).toBe(413);
    expect((refused.json as { error: string }).error).toMatch(/Storage quota exceeded: dave uses/);
    expect((await api("GET", "/api/models/dave/copy", dave)).status).toBe(404);
    await setQuota("dave", { storage: used * 3 });
    expect(
      (await api("POST", "/api/models/dave/source/duplicate", dave, { repository: "dave/copy" })).status,
    ).toBe(200);
  });

  it("sets and shows quotas from the CLI", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
      isTTY: false,
      env: {},
    };
    const target = ["--endpoint", hub.url, "--token", ADMIN];
    expect(await runQuotaCommand(["set", "bob", "50GB", "--repos", "10", ...target], io)).toBe(0);
    expect(out.join("")).toContain("0 B of 50.0 GB");
    expect(out.join("")).toContain("repositories: 0 of 10");
    expect(await runQuotaCommand(["show", "bob", ...target], io)).toBe(0);
    const listed = (await api("GET", "/api/admin/quotas", ADMIN)).json as { quotas: Storage[] };
    expect(listed.quotas.find((entry) => entry.name === "bob")).toMatchObject({ repoLimit: 10 });
    expect((await api("GET", "/api/admin/quotas", bob)).status).toBe(403);
    expect((await api("GET", "/api/admin/quotas/bob", ADMIN)).json).toMatchObject({
      storageLimit: 50e9,
      repoLimit: 10,
    });
    expect(await runQuotaCommand(["set", "bob", "50XB", ...target], io)).toBe(1);
    expect(err.join("")).toMatch(/400: Invalid storage quota "50XB"/);
    expect(await runQuotaCommand(["set", "bob", "1GB", "--endpoint", hub.url, "--token", bob], io)).toBe(2);
  });

  it("reports each organization's usage and quota on /metrics", async () => {
    await hub.services.accounts.createOrg({ name: "acme", members: ["alice"] });
    await hub.services.accounts.addMember("acme", "alice", "admin");
    expect((await createRepo(alice, "org-model", "acme")).status).toBe(200);
    expect((await commit("acme/org-model", { "x.bin": randomBytes(4000) })).status).toBe(200);
    await setQuota("acme", { storage: "2GB" });
    const storage = await storageOf("acme", "organizations");
    expect(storage.usedBytes).toBeGreaterThan(4000);
    expect((await api("GET", "/api/organizations/acme/storage", alice)).status).toBe(200);
    expect((await api("GET", "/api/organizations/acme/storage", bob)).status).toBe(403);
    const metrics = await api("GET", "/metrics", ADMIN);
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain(`modelhub_org_storage_bytes{org="acme"} ${storage.usedBytes}`);
    expect(metrics.text).toContain(`modelhub_org_storage_quota_bytes{org="acme"} 2000000000`);
    expect(aliceRead).toBeTruthy();
    expect(existsSync(hub.dataDir)).toBe(true);
  });
});

describe("the default quota and repository limit (MODELHUB_DEFAULT_QUOTA_GB, MODELHUB_DEFAULT_REPO_LIMIT)", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({
      env: {
        MODELHUB_ADMIN_TOKEN: ADMIN,
        MODELHUB_DEFAULT_QUOTA_GB: "0.00002",
        MODELHUB_DEFAULT_REPO_LIMIT: "1",
      },
    });
  }, 60_000);
  afterAll(() => hub?.stop());

  it("applies to everyone without limits of their own, until an admin sets or resets them", async () => {
    const erin = await hub.tokenFor("erin");
    const call = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${hub.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const storage = async () =>
      (await (await call("GET", "/api/admin/quotas/erin", ADMIN)).json()) as Storage;
    expect(await storage()).toMatchObject({
      storageLimit: 20_000,
      repoLimit: 1,
      storageLimitFrom: "default",
    });
    expect((await call("POST", "/api/repos/create", erin, { type: "model", name: "first" })).status).toBe(
      200,
    );
    expect((await call("POST", "/api/repos/create", erin, { type: "model", name: "second" })).status).toBe(
      403,
    );
    const upload = () =>
      fetch(`${hub.url}/api/models/erin/first/commit/main`, {
        method: "POST",
        headers: { Authorization: `Bearer ${erin}`, "Content-Type": "application/x-ndjson" },
        body: `${JSON.stringify({ key: "header", value: { summary: "big" } })}\n${JSON.stringify({
          key: "file",
          value: { path: "big.bin", content: randomBytes(30_000).toString("base64"), encoding: "base64" },
        })}\n`,
      });
    expect((await upload()).status).toBe(413);
    expect(
      (await call("PUT", "/api/admin/quotas/erin", ADMIN, { storage: "none", repos: "none" })).status,
    ).toBe(200);
    expect((await upload()).status).toBe(200);
    expect((await call("POST", "/api/repos/create", erin, { type: "model", name: "second" })).status).toBe(
      200,
    );
    expect((await call("PUT", "/api/admin/quotas/erin", ADMIN, { storage: "default" })).status).toBe(200);
    expect(await storage()).toMatchObject({
      storageLimit: 20_000,
      storageLimitFrom: "default",
      repoLimit: null,
    });
  });

  it("refuses a malformed default at start with one line", () => {
    expect(() => quotaSettingsFrom({ MODELHUB_DEFAULT_QUOTA_GB: "lots" })).toThrow(
      'MODELHUB_DEFAULT_QUOTA_GB must be a number of gigabytes, got "lots"',
    );
    expect(() => quotaSettingsFrom({ MODELHUB_DEFAULT_REPO_LIMIT: "-2" })).toThrow(/whole number/);
  });
});
