import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithJsonLimit, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("errors are JSON with the right status (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("carol");
    await postJson(`${hub.url}/api/repos/create`, { name: "exists" }, token);
  });
  afterAll(() => hub?.stop());

  async function expectError(res: Response, status: number, code?: string): Promise<string> {
    expect(res.status).toBe(status);
    if (code) expect(res.headers.get("X-Error-Code")).toBe(code);
    expect(res.headers.get("X-Error-Message")).toBeTruthy();
    const body = (await res.json()) as { error: unknown };
    expect(typeof body.error).toBe("string");
    return body.error as string;
  }

  it("unknown repo → 401 RepoNotFound when anonymous (like the Hub), unknown revision → 404 RevisionNotFound", async () => {
    await expectError(await fetch(`${hub.url}/api/models/nobody/nothing`), 401, "RepoNotFound");
    await expectError(await fetch(`${hub.url}/api/datasets/carol/exists`), 401, "RepoNotFound");
    await expectError(
      await fetch(`${hub.url}/api/models/carol/exists/revision/no-such-branch`),
      404,
      "RevisionNotFound",
    );
    expect((await fetch(`${hub.url}/api/models/carol/exists/revision/main`)).status).toBe(200);
  });

  it("HEAD of a missing repo carries the error headers without a body", async () => {
    const res = await fetch(`${hub.url}/api/models/nobody/nothing`, { method: "HEAD" });
    expect(res.status).toBe(401);
    expect(res.headers.get("X-Error-Code")).toBe("RepoNotFound");
  });

  it("unknown API routes → JSON 404", async () => {
    await expectError(await fetch(`${hub.url}/api/not-a-route`), 404);
  });

  it("malformed or invalid bodies → 400", async () => {
    const malformed = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(await expectError(malformed, 400)).toMatch(/valid JSON/);
    await expectError(await postJson(`${hub.url}/api/repos/create`, { nome: "x" }, token), 400);
    await expectError(
      await postJson(`${hub.url}/api/repos/create`, { name: "x", type: "bucket" }, token),
      400,
    );
  });

  it.each(["bad name", "-dash", "a--b", "x..y", "ends.git", "a/b/c", "x".repeat(97)])(
    "invalid repo name %j → 400",
    async (name) => {
      await expectError(await postJson(`${hub.url}/api/repos/create`, { name }, token), 400);
    },
  );

  it("creating under a namespace that does not exist → 404", async () => {
    await expectError(
      await postJson(`${hub.url}/api/repos/create`, { name: "x", organization: "ghost-org" }, token),
      404,
    );
  });

  it("oversized JSON bodies → 413", async () => {
    const app = appWithJsonLimit(hub, 1024);
    const res = await app.request("/api/repos/create", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "big", padding: "x".repeat(4096) }),
    });
    await expectError(res, 413);
  });

  it("unknown task → 404", async () => {
    await expectError(await fetch(`${hub.url}/api/tasks/not-a-task`), 404);
  });
});
