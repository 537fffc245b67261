import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { desiredRoles, groupKeys } from "../../src/sso/group-roles.js";
import type { ProviderProfile } from "../../src/sso/profile.js";
import { parseGroupRoles, ssoSettingsFrom } from "../../src/sso/settings.js";
import { hubNameFrom, uniqueHubName } from "../../src/sso/usernames.js";

describe("group → role rules and hub names", () => {
  it("parses MODELHUB_SSO_GROUP_ROLES and refuses malformed rules", () => {
    expect(parseGroupRoles("ml-admins=acme:admin, ml-team=acme:write;ops=infra:contributor")).toEqual([
      { group: "ml-admins", org: "acme", role: "admin" },
      { group: "ml-team", org: "acme", role: "write" },
      { group: "ops", org: "infra", role: "contributor" },
    ]);
    for (const bad of ["ml-team", "ml-team=acme", "ml-team=acme:owner", "=acme:read"])
      expect(() => parseGroupRoles(bad), bad).toThrow(/group=org:role/);
    expect(() => ssoSettingsFrom({ MODELHUB_OIDC_ISSUER: "https://idp.example" })).toThrow(/CLIENT_ID/);
    expect(() => ssoSettingsFrom({ MODELHUB_LDAP_URL: "http://x" })).toThrow(/ldap:\/\//);
    expect(() => ssoSettingsFrom({ MODELHUB_PASSWORD_LOGIN: "maybe" })).toThrow(/1 or 0/);
  });

  it("the most privileged matching role wins; DNs match by their first value, without case", () => {
    const rules = parseGroupRoles(
      "ml-team=acme:write,ML-Admins=acme:admin,readers=acme:read,ops=infra:contributor",
    );
    const keys = groupKeys(["cn=ml-team,ou=groups,dc=corp,dc=example", "ml-admins", "readers"]);
    expect(Object.fromEntries(desiredRoles(rules, () => keys))).toEqual({ acme: "admin" });
    expect(Object.fromEntries(desiredRoles(rules, () => groupKeys(["OPS", "readers"])))).toEqual({
      acme: "read",
      infra: "contributor",
    });
  });

  it("makes valid, unique hub names from what providers give", async () => {
    expect(hubNameFrom("Jane.Doe@corp.example")).toBe("Jane.Doe");
    expect(hubNameFrom("j doe")).toBe("j-doe");
    expect(hubNameFrom("--weird__..name--")).toBe("weird.name");
    expect(hubNameFrom("admin")).toBe("admin-user");
    expect(hubNameFrom("名前")).toBe("member");
    expect(hubNameFrom("x".repeat(200)).length).toBeLessThanOrEqual(80);
    const taken = new Set(["bob", "bob-2"]);
    expect(await uniqueHubName("bob", async (n) => taken.has(n))).toBe("bob-3");
  });
});

describe.each(DIALECTS)("org roles from company sign-in (%s)", (dialect) => {
  let hub: TestHub;

  const profile = (subject: string, groups: string[]): ProviderProfile => ({
    provider: "oidc",
    subject,
    username: subject,
    emailVerified: false,
    groups,
    attributes: { groups, department: groups },
  });

  beforeAll(async () => {
    hub = await startTestHub({
      dialect,
      env: { MODELHUB_SSO_GROUP_ROLES: "owners=acme:admin,research=acme:contributor" },
    });
  }, 60_000);
  afterAll(async () => hub?.stop());

  it("a contributor creates repos in the org and writes only to its own", async () => {
    await hub.sso.accountFor(profile("writer", ["owners"]));
    await hub.sso.accountFor(profile("helper", ["research"]));
    const owner = (await hub.services.accounts.createToken("writer", { displayName: "t", role: "write" }))
      .token;
    const helper = (await hub.services.accounts.createToken("helper", { displayName: "t", role: "write" }))
      .token;
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "team", organization: "acme" }, owner)).status,
    ).toBe(200);
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "mine", organization: "acme" }, helper)).status,
    ).toBe(200);
    const commit = (repo: string, token: string) =>
      fetch(`${hub.url}/api/models/acme/${repo}/commit/main`, {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
        body:
          `${JSON.stringify({ key: "header", value: { summary: "add" } })}\n` +
          `${JSON.stringify({ key: "file", value: { path: "a.txt", content: "YQ==", encoding: "base64" } })}\n`,
      });
    expect((await commit("mine", helper)).status).toBe(200);
    expect((await commit("team", helper)).status).toBe(403);
    expect((await commit("mine", owner)).status).toBe(200);
  });

  it("an org's own mapping reads its chosen attribute; the last admin is never removed by a sync", async () => {
    const ownerToken = (
      await hub.services.accounts.createToken("writer", { displayName: "s", role: "write" })
    ).token;
    const put = await postJson(
      `${hub.url}/api/organizations/acme/settings/sso`,
      { require2fa: false, groupsAttribute: "department", mappings: [{ group: "platform", role: "write" }] },
      ownerToken,
      "PUT",
    );
    expect(put.status).toBe(200);
    await hub.sso.accountFor(profile("plat", ["platform"]));
    expect((await hub.services.accounts.orgsOf("plat")).map((o) => [o.name, o.role])).toEqual([
      ["acme", "write"],
    ]);

    // the only admin leaves "owners": the sync keeps them admin rather than leave acme without one
    await hub.sso.accountFor(profile("writer", []));
    expect((await hub.services.accounts.orgsOf("writer")).map((o) => o.role)).toEqual(["admin"]);
    const bad = await postJson(
      `${hub.url}/api/organizations/acme/settings/sso`,
      { require2fa: false, groupsAttribute: null, mappings: [{ group: "a", role: "owner" }] },
      ownerToken,
      "PUT",
    );
    expect(bad.status).toBe(400);
  });
});
