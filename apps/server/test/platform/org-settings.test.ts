import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrgMembers } from "../../src/platform/orgs.js";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Member {
  user: string;
  role: string;
}

describe.each(DIALECTS)("organisation settings API (%s)", (dialect) => {
  let hub: TestHub;
  let admin: string;
  let writer: string;
  let outsider: string;

  const roleUrl = (org: string, user: string) => `${hub.url}/api/organizations/${org}/members/${user}/role`;
  const changeRole = (org: string, user: string, role: unknown, token?: string) =>
    postJson(roleUrl(org, user), { role }, token, "PUT");
  const members = async (org = "studio") =>
    (await (await fetch(`${hub.url}/api/organizations/${org}/members`)).json()) as Member[];

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    admin = await hub.tokenFor("ana");
    writer = await hub.tokenFor("ben");
    outsider = await hub.tokenFor("cal");
    await hub.tokenFor("dee");
    expect(
      (await postJson(`${hub.url}/api/organizations/new`, { name: "Studio", fullname: "The Studio" }, admin))
        .status,
    ).toBe(200);
    const add = (user: string, role: string) =>
      postJson(`${hub.url}/api/organizations/studio/members`, { user, role }, admin);
    expect((await add("ben", "write")).status).toBe(200);
    expect((await add("dee", "read")).status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("gives a public overview of an organisation, and 404 for an unknown one", async () => {
    const res = await fetch(`${hub.url}/api/organizations/studio/overview`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      type: "org",
      name: "Studio",
      fullname: "The Studio",
      numUsers: 3,
    });
    const user = await fetch(`${hub.url}/api/users/BEN/overview`);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      type: "user",
      user: "ben",
      orgs: [{ name: "Studio", fullname: "The Studio" }],
    });
    expect((await fetch(`${hub.url}/api/users/studio/overview`)).status).toBe(404);
    const missing = await fetch(`${hub.url}/api/organizations/nowhere/overview`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Organization nowhere not found" });
  });

  it("changes a member's role through PUT …/members/{user}/role (admins only)", async () => {
    const changed = await changeRole("studio", "dee", "write", admin);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ user: "dee", role: "write" });
    // any spelling of the names finds the member
    expect((await changeRole("STUDIO", "Dee", "read", admin)).status).toBe(200);
    expect(await members()).toEqual([
      { user: "ana", role: "admin" },
      { user: "ben", role: "write" },
      { user: "dee", role: "read" },
    ]);

    const notAdmin = await changeRole("studio", "dee", "admin", writer);
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.json()).toHaveProperty("error");
    expect((await changeRole("studio", "dee", "admin", outsider)).status).toBe(403);
    expect((await changeRole("studio", "dee", "admin")).status).toBe(401);
    const readToken = await hub.tokenFor("ana", "read");
    expect((await changeRole("studio", "dee", "admin", readToken)).status).toBe(403);
    expect((await members()).find((m) => m.user === "dee")?.role).toBe("read");
  });

  it("answers bad roles with 400 and unknown users, non-members and orgs with 404", async () => {
    const bad = await changeRole("studio", "dee", "owner", admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/role/);
    expect((await postJson(roleUrl("studio", "dee"), "not json", admin, "PUT")).status).toBe(400);

    const ghost = await changeRole("studio", "ghost", "read", admin);
    expect(ghost.status).toBe(404);
    expect(await ghost.json()).toEqual({ error: "User ghost not found" });
    const stranger = await changeRole("studio", "cal", "read", admin);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: "cal is not a member of Studio" });
    const org = await changeRole("nowhere", "dee", "read", admin);
    expect(org.status).toBe(404);
    expect(await org.json()).toEqual({ error: "Organization nowhere not found" });
    // a refused change leaves the members as they were
    expect((await members()).map((m) => m.user)).toEqual(["ana", "ben", "dee"]);
  });

  it("refuses with 409 to demote or remove the last admin, and allows it once another admin exists", async () => {
    const demote = await changeRole("studio", "ana", "write", admin);
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ error: "Studio must keep at least one admin" });
    const remove = (user: string, token: string) =>
      fetch(`${hub.url}/api/organizations/studio/members/${user}`, {
        method: "DELETE",
        headers: bearer(token),
      });
    const leave = await remove("ana", admin);
    expect(leave.status).toBe(409);
    expect(await leave.json()).toHaveProperty("error");
    expect((await members()).find((m) => m.user === "ana")?.role).toBe("admin");

    expect((await changeRole("studio", "ben", "admin", admin)).status).toBe(200);
    expect((await changeRole("studio", "ana", "read", admin)).status).toBe(200);
    // ana is no admin any more: ben manages the org now
    expect((await remove("dee", admin)).status).toBe(403);
    expect((await remove("dee", writer)).status).toBe(200);
    expect((await remove("ben", writer)).status).toBe(409);
    expect(await members()).toEqual([
      { user: "ana", role: "read" },
      { user: "ben", role: "admin" },
    ]);
    const overview = await fetch(`${hub.url}/api/organizations/studio/overview`);
    expect(((await overview.json()) as { numUsers: number }).numUsers).toBe(2);
  });

  it("serialises member changes of one org: two admins demoting each other cannot both succeed", async () => {
    // straight on the service, so both calls interleave at every database round trip
    const service = new OrgMembers(hub.services.hub.db, hub.services.accounts);
    await hub.tokenFor("gus");
    await hub.tokenFor("hal");
    await service.create({ name: "pair", creator: "gus" });
    await service.setRole("pair", "hal", "admin");
    const viewer = (user: string) => ({ user, orgs: ["pair"], role: "write" as const });
    const outcomes = await Promise.allSettled([
      service.changeRole("pair", "hal", "write", viewer("gus")),
      service.changeRole("pair", "gus", "write", viewer("hal")),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await service.list("pair")).filter((m) => m.role === "admin")).toHaveLength(1);
  });

  it("lets only one of two admins demoting each other at the same moment succeed", async () => {
    const eve = await hub.tokenFor("eve");
    const fay = await hub.tokenFor("fay");
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "duo" }, eve)).status).toBe(200);
    expect(
      (await postJson(`${hub.url}/api/organizations/duo/members`, { user: "fay", role: "admin" }, eve))
        .status,
    ).toBe(200);
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        changeRole("duo", "fay", "write", eve),
        changeRole("duo", "eve", "write", fay),
      ]);
      // the later change finds its author no longer an admin (403), or the org down to one admin (409)
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = (await members("duo")).filter((m) => m.role === "admin");
      expect(admins).toHaveLength(1);
      // make both admins again for the next round
      const remaining = admins[0].user === "eve" ? eve : fay;
      const other = admins[0].user === "eve" ? "fay" : "eve";
      expect((await changeRole("duo", other, "admin", remaining)).status).toBe(200);
    }
  });
});
