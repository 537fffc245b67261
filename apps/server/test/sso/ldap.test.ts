import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Attribute, Change } from "ldapts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { LdapDirectory, escapeFilterValue } from "../../src/sso/ldap.js";
import { ssoSettingsFrom } from "../../src/sso/settings.js";
import {
  addGroup,
  addPerson,
  BASE,
  SERVICE_DN,
  SERVICE_PW,
  slapdMissing,
  startSlapd,
  type RunningSlapd,
} from "./helpers/slapd.js";

const run = promisify(execFile);
const missing = slapdMissing();
if (missing) console.warn(`LDAP tests skipped: ${missing}`);

async function login(hub: TestHub, username: string, password: string) {
  const response = await postJson(`${hub.url}/api/login`, { username, password });
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

describe.skipIf(missing !== undefined)("LDAP sign-in against OpenLDAP slapd", () => {
  let slapd: RunningSlapd;
  let teamDn: string;
  let daveDn: string;

  beforeAll(async () => {
    slapd = await startSlapd();
    const admin = await slapd.admin();
    daveDn = await addPerson(admin, "dave", "dave-directory-pw", { cn: "Dave Davis" });
    const erinDn = await addPerson(admin, "erin", "erin-directory-pw");
    await addPerson(admin, "frank", "frank-directory-pw");
    teamDn = await addGroup(admin, "ml-team", [daveDn, erinDn]);
    await addGroup(admin, "ml-admins", [erinDn]);
    // frank left: his account is locked (ppolicy)
    await admin.modify(
      `uid=frank,ou=people,${BASE}`,
      new Change({
        operation: "add",
        modification: new Attribute({ type: "pwdAccountLockedTime", values: ["000001010000Z"] }),
      }),
    );
    await admin.unbind();
  }, 60_000);
  afterAll(async () => slapd?.stop());

  it("escapes filter values per RFC 4515", () => {
    expect(escapeFilterValue("*)(uid=*")).toBe("\\2a\\29\\28uid=\\2a");
    expect(escapeFilterValue("a\\b\0")).toBe("a\\5cb\\00");
  });

  it("ldaps:// with the directory's CA, and groups from a group search", async () => {
    const settings = ssoSettingsFrom({
      MODELHUB_LDAP_URL: slapd.ldapsUrl,
      MODELHUB_LDAP_CA_FILE: slapd.caFile,
      MODELHUB_LDAP_BIND_DN: SERVICE_DN,
      MODELHUB_LDAP_BIND_PASSWORD: SERVICE_PW,
      MODELHUB_LDAP_USER_BASE: `ou=people,${BASE}`,
      MODELHUB_LDAP_GROUP_BASE: `ou=groups,${BASE}`,
    }).ldap!;
    const directory = new LdapDirectory(settings);
    const outcome = await directory.authenticate("erin", "erin-directory-pw");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.profile.groups).toEqual(expect.arrayContaining(["ml-team", "ml-admins"]));
    expect(outcome.profile.subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(await directory.authenticate("erin", "")).toEqual({ ok: false, reason: "wrong-password" });
    // without the CA the certificate is not trusted
    const untrusted = new LdapDirectory({ ...settings, caFile: undefined });
    await expect(untrusted.authenticate("erin", "erin-directory-pw")).rejects.toThrow(/could not be asked/);
  });

  describe.each(DIALECTS)("through the hub (%s)", (dialect) => {
    let hub: TestHub;

    beforeAll(async () => {
      hub = await startTestHub({
        dialect,
        env: {
          MODELHUB_LDAP_URL: slapd.ldapUrl,
          MODELHUB_LDAP_STARTTLS: "1",
          MODELHUB_LDAP_CA_FILE: slapd.caFile,
          MODELHUB_LDAP_BIND_DN: SERVICE_DN,
          MODELHUB_LDAP_BIND_PASSWORD: SERVICE_PW,
          MODELHUB_LDAP_USER_BASE: `ou=people,${BASE}`,
          MODELHUB_SSO_GROUP_ROLES: "ml-admins=acme:admin,ml-team=acme:write",
        },
      });
    }, 60_000);
    afterAll(async () => hub?.stop());

    it("signs in with the directory password (StartTLS), just in time, in the mapped org", async () => {
      const providers = await (await fetch(`${hub.url}/api/auth/providers`)).json();
      expect(providers).toEqual({ password: true, ldap: { name: "Company directory" } });
      const erin = await login(hub, "erin", "erin-directory-pw");
      expect(erin.status).toBe(200);
      const dave = await login(hub, "dave", "dave-directory-pw");
      expect(dave.status).toBe(200);
      const me = await (await fetch(`${hub.url}/api/whoami-v2`, { headers: { Cookie: dave.cookie } })).json();
      expect(me).toMatchObject({ name: "dave", fullname: "Dave Davis", email: "dave@corp.example" });
      expect(me.orgs).toEqual([expect.objectContaining({ name: "acme", roleInOrg: "write" })]);
      const session = await (
        await fetch(`${hub.url}/api/session`, { headers: { Cookie: dave.cookie } })
      ).json();
      expect(session.method).toBe("ldap");
    });

    it("refuses a wrong password, filter injection in the user name and a locked account", async () => {
      expect((await login(hub, "dave", "not-his-password")).status).toBe(401);
      for (const name of ["*)(uid=*", "*", "dave)(|(uid=*", "d*"])
        expect((await login(hub, name, "dave-directory-pw")).status, name).toBe(401);
      expect((await login(hub, "frank", "frank-directory-pw")).status).toBe(401);
    });

    it("git over HTTP takes the directory password; tokens keep working", async () => {
      const token = await hub.tokenFor("acme-owner");
      await hub.services.accounts.addMember("acme", "acme-owner", "admin");
      expect(
        (
          await postJson(
            `${hub.url}/api/repos/create`,
            { name: "private-model", organization: "acme", type: "model", private: true },
            token,
          )
        ).status,
      ).toBe(200);
      const base = new URL(hub.url);
      const url = (user: string, password: string) =>
        `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${base.host}/acme/private-model`;
      const env = { ...process.env, GIT_TERMINAL_PROMPT: "0" };
      const listed = await run("git", ["ls-remote", url("dave", "dave-directory-pw")], { env });
      expect(listed.stdout).toMatch(/refs\/heads\/main/);
      await expect(run("git", ["ls-remote", url("dave", "wrong")], { env })).rejects.toThrow(
        /Authentication failed|401/,
      );
      await expect(
        run("git", ["ls-remote", url("*)(uid=*", "dave-directory-pw")], { env }),
      ).rejects.toThrow();
      const tokenList = await run("git", ["ls-remote", url("dave", token)], { env });
      expect(tokenList.stdout).toMatch(/refs\/heads\/main/);
      // a push with the directory password as credential
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ldap-git-"));
      try {
        await run("git", ["clone", "-q", url("dave", "dave-directory-pw"), dir], { env });
        fs.writeFileSync(path.join(dir, "notes.txt"), "from dave\n");
        await run("git", ["-C", dir, "add", "notes.txt"], { env });
        await run(
          "git",
          ["-C", dir, "-c", "user.name=dave", "-c", "user.email=dave@corp.example", "commit", "-qm", "notes"],
          { env },
        );
        await run("git", ["-C", dir, "push", "-q", "origin", "HEAD:main"], { env });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const files = await (
        await fetch(`${hub.url}/api/models/acme/private-model`, { headers: bearer(token) })
      ).json();
      expect(files.siblings.map((s: { rfilename: string }) => s.rfilename)).toContain("notes.txt");
    });

    it("leaving ml-team in the directory takes the org role away at the next sign-in", async () => {
      const admin = await slapd.admin();
      await admin.modify(
        teamDn,
        new Change({
          operation: "delete",
          modification: new Attribute({ type: "member", values: [daveDn] }),
        }),
      );
      await admin.unbind();
      const dave = await login(hub, "dave", "dave-directory-pw");
      expect(dave.status).toBe(200);
      const me = await (await fetch(`${hub.url}/api/whoami-v2`, { headers: { Cookie: dave.cookie } })).json();
      expect(me.orgs).toEqual([]);
      const admin2 = await slapd.admin();
      await admin2.modify(
        teamDn,
        new Change({ operation: "add", modification: new Attribute({ type: "member", values: [daveDn] }) }),
      );
      await admin2.unbind();
    });
  });
});
