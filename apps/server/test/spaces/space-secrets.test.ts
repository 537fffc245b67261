import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const SECRET_VALUE = "sk-live-never-leaves-the-hub-4242";
const ADMIN = `hf_${"S".repeat(34)}`;

/** A Space's secrets and variables at the Hub's routes, for its writers only, audited without values. */
describe.each(DIALECTS)("Space secrets and variables (%s)", (dialect) => {
  let hub: TestHub;
  let owner = "";
  let reader = "";
  let stranger = "";
  const base = () => `${hub.url}/api/spaces/sam/demo`;
  const send = (path: string, method: string, body: unknown, token = owner) =>
    postJson(`${base()}/${path}`, body, token, method);
  const get = (path: string, token = owner) =>
    fetch(`${base()}/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_ADMIN_TOKEN: ADMIN } });
    owner = await hub.tokenFor("sam");
    reader = await hub.tokenFor("sam", "read");
    stranger = await hub.tokenFor("eve");
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "demo", type: "space", sdk: "static", private: true },
      owner,
    );
    expect(created.status).toBe(200);
  }, 60_000);
  afterAll(() => hub?.stop());

  it("keeps variables in the Hub's shape and secrets without their values", async () => {
    const added = await send("variables", "POST", {
      key: "MODEL_ID",
      value: "sam/bert",
      description: "which model",
    });
    expect(added.status).toBe(200);
    const variables = (await added.json()) as Record<
      string,
      { value: string; description?: string; updatedAt: string }
    >;
    expect(variables.MODEL_ID).toMatchObject({ value: "sam/bert", description: "which model" });
    expect(Number.isNaN(Date.parse(variables.MODEL_ID.updatedAt))).toBe(false);

    expect((await send("secrets", "POST", { key: "API_KEY", value: SECRET_VALUE })).status).toBe(200);
    expect((await send("secrets", "POST", { key: "API_KEY", value: `${SECRET_VALUE}-2` })).status).toBe(200);
    const secrets = await (await get("secrets")).text();
    expect(secrets).toContain('"key":"API_KEY"');
    expect(secrets).not.toContain(SECRET_VALUE);

    // sealed at rest: the database holds no value in clear
    const row = await hub.services.hub.db
      .selectFrom("space_secrets")
      .select("sealed_value")
      .executeTakeFirstOrThrow();
    expect(row.sealed_value).not.toContain(SECRET_VALUE);
    expect(row.sealed_value.split(".")).toHaveLength(3);

    // one name is a secret or a variable, not both
    const clash = await send("variables", "POST", { key: "API_KEY", value: "x" });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: string }).error).toMatch(/already a secret/);

    const removed = await send("variables", "DELETE", { key: "MODEL_ID" });
    expect(await removed.json()).toEqual({});
    expect((await send("secrets", "DELETE", { key: "API_KEY" })).status).toBe(200);
    expect(await (await get("secrets")).json()).toEqual([]);
  });

  it("answers bad keys, values and bodies with a clear 4xx", async () => {
    for (const [body, status, message] of [
      [{ key: "1ABC", value: "x" }, 400, /not a valid key/],
      [{ key: "A-B", value: "x" }, 400, /not a valid key/],
      [{ key: "BIG", value: "x".repeat(70_000) }, 400, /longer than/],
      [{ key: "NUL", value: "a\u0000b" }, 400, /NUL/],
      [{ value: "no key" }, 400, /key/],
    ] as const) {
      const answer = await send("variables", "POST", body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(((await answer.json()) as { error: string }).error).toMatch(message);
    }
    const missing = await send("secrets", "DELETE", { key: "NOPE" });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no secret named NOPE/);
  });

  it("lets only the Space's writers in", async () => {
    expect((await get("variables", "")).status).toBe(401);
    expect((await get("variables", reader)).status).toBe(403);
    expect((await send("secrets", "POST", { key: "K", value: "v" }, reader)).status).toBe(403);
    // a private Space stays hidden from others
    expect((await get("variables", stranger)).status).toBe(404);
    expect((await send("secrets", "POST", { key: "K", value: "v" }, stranger)).status).toBe(404);
  });

  it("audits every change by key, never by value", async () => {
    await send("secrets", "POST", { key: "TOKEN_B", value: SECRET_VALUE });
    await send("variables", "POST", { key: "PLAIN", value: "shown" });
    const page = await fetch(`${hub.url}/api/admin/audit-log?q=type:repo.*`, {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).not.toContain(SECRET_VALUE);
    const events = (JSON.parse(text) as { events: { type: string; data: { key?: string } }[] }).events;
    expect(events.filter((e) => e.type === "repo.secret_set").map((e) => e.data.key)).toContain("TOKEN_B");
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["repo.secret_delete", "repo.variable_set", "repo.variable_delete"]),
    );
  });

  it("forgets a deleted Space's secrets and variables", async () => {
    await postJson(`${hub.url}/api/repos/delete`, { name: "sam/demo", type: "space" }, owner, "DELETE");
    const left = await hub.services.hub.db.selectFrom("space_secrets").selectAll().execute();
    expect(left).toEqual([]);
  });
});
