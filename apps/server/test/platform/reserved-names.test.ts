import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../src/cli/context.js";
import { runCli } from "../../src/cli/run.js";
import { ConfigError, resolveConfig } from "../../src/config/config.js";
import { startHub } from "../../src/server.js";
import { ensureSiteAdmin } from "../../src/platform/site-admin.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const ADMIN_TOKEN = "hf_AdminTokenForReservedNamesTests0123";

describe.each(DIALECTS)("reserved names (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
  });
  afterAll(() => hub?.stop());

  it.each(["admin", "Admin", "ADMINISTRATOR", "settings", "Login", "api", "organizations", "v1", "resolve"])(
    "nobody can create an organization named %s",
    async (name) => {
      const res = await postJson(`${hub.url}/api/organizations/new`, { name }, alice);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/is a reserved name/);
    },
  );

  it("nor a user with a reserved name, in any case", async () => {
    await expect(hub.services.accounts.createUser({ name: "DoCs" })).rejects.toMatchObject({ status: 400 });
    expect(await hub.services.accounts.findUser("docs")).toBeUndefined();
  });

  it("other names still work", async () => {
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "admins-club" }, alice)).status).toBe(
      200,
    );
  });

  it("the site admin keeps its reserved name and writes into its own namespace", async () => {
    await ensureSiteAdmin(hub.services.accounts, ADMIN_TOKEN);
    const me = await (await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(ADMIN_TOKEN) })).json();
    expect(me).toMatchObject({ name: "admin", isAdmin: true });
    const created = await postJson(`${hub.url}/api/repos/create`, { name: "tool" }, ADMIN_TOKEN);
    expect(created.status).toBe(200);
  });

  it("an organization that took 'admin' before the reservation stops the start with one clear line", async () => {
    const other = await startTestHub({ dialect });
    try {
      await other.services.hub.db
        .insertInto("orgs")
        .values({
          id: "legacy",
          name: "Admin",
          name_lower: "admin",
          fullname: "Admin",
          created_at: new Date().toISOString(),
        })
        .execute();
      const failure = await ensureSiteAdmin(other.services.accounts, ADMIN_TOKEN).catch(
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as Error).message).toMatch(/organization "Admin" already holds it/);
    } finally {
      await other.stop();
    }
  });
});

describe("modelhub token create with a reserved user name", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub?.stop());

  it("is a usage error in one line", async () => {
    const stderr: string[] = [];
    const io: Output = { out: () => undefined, err: (text) => stderr.push(text) };
    const code = await runCli(["token", "create", "Settings", "--write", "--data", hub.dataDir], {}, io);
    expect(code).toBe(2);
    expect(stderr.join("\n")).toMatch(/cannot create user Settings: "Settings" is a reserved name/);
    expect(stderr.join("\n")).not.toMatch(/\n\s+at /);
  });
});

describe("modelhub serve with an 'admin' organization and MODELHUB_ADMIN_TOKEN", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-reserved-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("exits 1 with a one-line message and no stack trace", async () => {
    const env = {
      MODELHUB_SEED: "0",
      MODELHUB_LOG_LEVEL: "silent",
      MODELHUB_WEB_DIR: path.join(dataDir, "no-web"),
    };
    const first = await startHub(resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, env), {
      logger: pino({ level: "silent" }),
    });
    await first.services.hub.db
      .insertInto("orgs")
      .values({
        id: "legacy",
        name: "admin",
        name_lower: "admin",
        fullname: "admin",
        created_at: new Date().toISOString(),
      })
      .execute();
    await first.close();

    const stderr: string[] = [];
    const io: Output = { out: () => undefined, err: (text) => stderr.push(text) };
    const code = await runCli(
      ["serve", "--port", "0", "--host", "127.0.0.1", "--data", dataDir],
      { ...env, MODELHUB_ADMIN_TOKEN: ADMIN_TOKEN },
      io,
    );
    expect(code).toBe(1);
    const printed = stderr.join("\n");
    expect(printed).toMatch(/^modelhub: MODELHUB_ADMIN_TOKEN needs the account name "admin"/);
    expect(printed.split("\n")).toHaveLength(1);
    expect(printed).not.toMatch(/\n\s+at /);
  });
});
