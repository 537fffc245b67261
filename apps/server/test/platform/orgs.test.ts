import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../src/cli/context.js";
import { runCli } from "../../src/cli/run.js";
import { resolveConfig } from "../../src/config/config.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { startHub } from "../../src/server.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const line = (value: unknown) => JSON.stringify(value);

function commitBody(file: string, text: string): string {
  return [
    line({ key: "header", value: { summary: `add ${file}`, description: "" } }),
    line({
      key: "file",
      value: { path: file, content: Buffer.from(text).toString("base64"), encoding: "base64" },
    }),
  ].join("\n");
}

describe.each(DIALECTS)("organisations over HTTP (%s)", (dialect) => {
  let hub: TestHub;
  let owner: string;
  let writer: string;
  let reader: string;
  let outsider: string;

  const commit = (token: string, file: string) =>
    fetch(`${hub.url}/api/models/lab/shared/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: commitBody(file, `${file} contents`),
    });
  const members = async () => (await fetch(`${hub.url}/api/organizations/lab/members`)).json();

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    owner = await hub.tokenFor("olga");
    writer = await hub.tokenFor("wes");
    reader = await hub.tokenFor("rita");
    outsider = await hub.tokenFor("otto");
  });
  afterAll(() => hub?.stop());

  it("creates an org whose creator is its admin, and refuses taken or bad names", async () => {
    const created = await postJson(
      `${hub.url}/api/organizations/new`,
      { name: "lab", fullname: "The Lab" },
      owner,
    );
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ type: "org", name: "lab", fullname: "The Lab" });
    expect(await members()).toEqual([{ user: "olga", role: "admin" }]);

    const taken = await postJson(`${hub.url}/api/organizations/new`, { name: "LAB" }, writer);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toHaveProperty("error");
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "wes" }, owner)).status).toBe(409);
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "bad--name" }, owner)).status).toBe(
      400,
    );
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "anon-org" })).status).toBe(401);
    const readToken = await hub.tokenFor("olga", "read");
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "ro-org" }, readToken)).status).toBe(
      403,
    );
  });

  it("lets only org admins manage members", async () => {
    const url = `${hub.url}/api/organizations/lab/members`;
    expect((await postJson(url, { user: "wes", role: "write" }, outsider)).status).toBe(403);
    expect((await postJson(url, { user: "wes", role: "write" }, owner)).status).toBe(200);
    expect((await postJson(url, { user: "rita", role: "read" }, owner)).status).toBe(200);
    expect((await postJson(url, { user: "otto", role: "read" }, writer)).status).toBe(403);
    expect((await postJson(url, { user: "nobody", role: "read" }, owner)).status).toBe(404);
    expect((await postJson(url, { user: "wes", role: "owner" }, owner)).status).toBe(400);
    expect(
      (await postJson(`${hub.url}/api/organizations/nope/members`, { user: "wes", role: "read" }, owner))
        .status,
    ).toBe(404);
    expect((await fetch(`${hub.url}/api/organizations/nope/members`)).status).toBe(404);
    expect(await members()).toEqual([
      { user: "olga", role: "admin" },
      { user: "rita", role: "read" },
      { user: "wes", role: "write" },
    ]);
  });

  it("keeps at least one admin", async () => {
    const demote = await postJson(
      `${hub.url}/api/organizations/lab/members`,
      { user: "olga", role: "write" },
      owner,
    );
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ error: "lab must keep at least one admin" });
    const leave = await fetch(`${hub.url}/api/organizations/lab/members/olga`, {
      method: "DELETE",
      headers: bearer(owner),
    });
    expect(leave.status).toBe(409);
  });

  it("lets write members create repos and commit, but not read members or outsiders", async () => {
    const create = (token: string, name: string) =>
      postJson(`${hub.url}/api/repos/create`, { name, organization: "lab", type: "model" }, token);
    expect((await create(writer, "shared")).status).toBe(200);
    expect((await commit(writer, "a.txt")).status).toBe(200);
    expect((await commit(owner, "b.txt")).status).toBe(200);

    expect((await create(reader, "reader-repo")).status).toBe(403);
    expect((await commit(reader, "c.txt")).status).toBe(403);
    expect((await create(outsider, "outsider-repo")).status).toBe(403);
    expect((await commit(outsider, "d.txt")).status).toBe(403);

    const file = await fetch(`${hub.url}/lab/shared/resolve/main/a.txt`);
    expect(await file.text()).toBe("a.txt contents");
  });

  it("lets read members see private org repos", async () => {
    const settings = await postJson(
      `${hub.url}/api/models/lab/shared/settings`,
      { private: true },
      owner,
      "PUT",
    );
    expect(settings.status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/lab/shared`, { headers: bearer(reader) })).status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/lab/shared`, { headers: bearer(outsider) })).status).toBe(404);
  });

  it("whoami-v2 lists the user's orgs", async () => {
    const whoami = async (token: string) =>
      (await (await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(token) })).json()) as {
        orgs: { name: string; roleInOrg: string }[];
      };
    expect((await whoami(reader)).orgs.map((org) => [org.name, org.roleInOrg])).toEqual([["lab", "read"]]);
    expect((await whoami(outsider)).orgs).toEqual([]);
  });

  it("removes members; the hub admin may manage any org", async () => {
    const admin = await hub.tokenFor("root");
    await hub.services.accounts.setAdmin("root", true);
    const removed = await fetch(`${hub.url}/api/organizations/lab/members/rita`, {
      method: "DELETE",
      headers: bearer(admin),
    });
    expect(removed.status).toBe(200);
    const again = await fetch(`${hub.url}/api/organizations/lab/members/rita`, {
      method: "DELETE",
      headers: bearer(admin),
    });
    expect(again.status).toBe(404);
    expect((await commit(writer, "e.txt")).status).toBe(200);
    expect((await members()).map((m: { user: string }) => m.user)).toEqual(["olga", "wes"]);
  });
});

function capture(): Output & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe.each(DIALECTS)("modelhub org commands (%s)", (dialect) => {
  let dataDir: string;
  const schema = `mh_test_orgcli_${randomBytes(5).toString("hex")}`;
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  const previousSchema = process.env.MODELHUB_DATABASE_SCHEMA;
  const env = (): Record<string, string> => ({
    MODELHUB_DATA: dataDir,
    MODELHUB_LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const cli = async (...argv: string[]) => {
    const io = capture();
    const code = await runCli(argv, env(), io);
    return { code, ...io };
  };

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-org-cli-"));
    if (databaseUrl) process.env.MODELHUB_DATABASE_SCHEMA = schema;
  });
  afterAll(async () => {
    if (previousSchema === undefined) delete process.env.MODELHUB_DATABASE_SCHEMA;
    else process.env.MODELHUB_DATABASE_SCHEMA = previousSchema;
    if (databaseUrl) await dropPostgresSchema(databaseUrl, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates an org with members and adds more", async () => {
    expect((await cli("token", "create", "ada", "--write")).code).toBe(0);
    expect((await cli("token", "create", "bo")).code).toBe(0);
    expect((await cli("token", "create", "cy")).code).toBe(0);

    const created = await cli(
      "org",
      "create",
      "guild",
      "--fullname",
      "The Guild",
      "--member",
      "bo:read",
      "--member",
      "ada",
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toEqual(["guild"]);

    const added = await cli("org", "add-member", "guild", "cy", "--role", "write");
    expect(added).toMatchObject({ code: 0, stdout: ["cy write"] });

    const token = (await cli("token", "create", "cy", "--write")).stdout[0];
    const hubTest = await startCliHub();
    try {
      const whoami = await fetch(`${hubTest.url}/api/whoami-v2`, { headers: bearer(token) });
      expect((await whoami.json()).orgs).toMatchObject([{ name: "guild", fullname: "The Guild" }]);
      const list = await fetch(`${hubTest.url}/api/organizations/guild/members`);
      expect(await list.json()).toEqual([
        { user: "ada", role: "admin" },
        { user: "bo", role: "read" },
        { user: "cy", role: "write" },
      ]);
    } finally {
      await hubTest.close();
    }
  });

  it("reports unknown users, orgs, roles and taken names", async () => {
    expect((await cli("org", "create", "guild")).code).toBe(1);
    expect((await cli("org", "create", "other", "--member", "ghost")).code).toBe(2);
    const unknownOrg = await cli("org", "add-member", "nowhere", "ada");
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.stderr.join("")).toMatch(/Organization nowhere not found/);
    expect((await cli("org", "add-member", "guild", "ada", "--role", "boss")).code).toBe(2);
    expect((await cli("org", "add-member", "guild", "ada", "--role", "read")).code).toBe(1);
    expect((await cli("org", "rename", "guild")).code).toBe(2);
  });

  /** A hub on the CLI's own data folder (and schema), to read back what the commands wrote. */
  function startCliHub() {
    const config = resolveConfig(
      { port: "0", host: "127.0.0.1", data: dataDir },
      { ...env(), MODELHUB_SEED: "0" },
    );
    return startHub(config, {
      logger: pino({ level: "silent" }),
      databaseSchema: databaseUrl ? schema : undefined,
    });
  }
});
