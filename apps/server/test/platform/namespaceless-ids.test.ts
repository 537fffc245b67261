import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

/**
 * Ids without a namespace answer the Hub's 404 RepoNotFound (the Python client's
 * RepositoryNotFoundError), which HfFileSystem relies on to turn a missing repo into FileNotFoundError.
 */
describe.each(DIALECTS)("ids without a namespace (%s)", (dialect) => {
  let hub: TestHub;
  let token = "";

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("nsuser");
  });
  afterAll(() => hub?.stop());

  it.each([
    "/api/models/gpt2",
    "/api/datasets/squad",
    "/api/spaces/demo",
    "/api/models/gpt2/revision/main",
    "/api/models/gpt2/revision/refs%2Fpr%2F1",
    "/gpt2/resolve/main/config.json",
    "/gpt2/resolve/main/nested/path/model.safetensors",
  ])("GET and HEAD %s → 404 RepoNotFound", async (path) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${hub.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("X-Error-Code"), `${method} ${path}`).toBe("RepoNotFound");
      if (method === "GET") expect(((await res.json()) as { error: string }).error).toMatch(/not found/i);
    }
  });

  it("leaves the routes that share the shape alone", async () => {
    expect((await fetch(`${hub.url}/api/models/facets`)).status).toBe(200);
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "real" }, token)).status).toBe(200);
    expect((await fetch(`${hub.url}/api/models/nsuser/real`)).status).toBe(200);
    expect((await fetch(`${hub.url}/nsuser/real/resolve/main/.gitattributes`)).status).toBe(200);
  });

  it("an ASCII error message is the same in X-Error-Message and the JSON body (one line in the client)", async () => {
    const res = await postJson(`${hub.url}/api/repos/create`, { name: "anonymous" });
    expect(res.status).toBe(401);
    const { error } = (await res.json()) as { error: string };
    expect(res.headers.get("X-Error-Message")).toBe(error);
  });
});
