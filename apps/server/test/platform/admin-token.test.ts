import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe("MODELHUB_ADMIN_TOKEN", () => {
  const adminToken = "hf_AdminTokenForTestsOnly0123456789";
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub({ env: { MODELHUB_ADMIN_TOKEN: adminToken } });
  });
  afterAll(() => hub?.stop());

  it("makes sure user admin exists with that write token", async () => {
    const me = await (await fetch(`${hub.url}/api/whoami-v2`, { headers: bearer(adminToken) })).json();
    expect(me).toMatchObject({ name: "admin", isAdmin: true, auth: { accessToken: { role: "write" } } });
  });

  it("lets the admin write into any namespace", async () => {
    const other = await hub.tokenFor("henry");
    await postJson(`${hub.url}/api/repos/create`, { name: "private-one", visibility: "private" }, other);
    expect(
      (await fetch(`${hub.url}/api/models/henry/private-one`, { headers: bearer(adminToken) })).status,
    ).toBe(200);
    expect(
      (await postJson(`${hub.url}/api/repos/create`, { name: "by-admin", organization: "henry" }, adminToken))
        .status,
    ).toBe(200);
  });
});
