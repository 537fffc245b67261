import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auth, createTestHub, ndjson, type TestHub } from "./fixtures.js";

/** huggingface_hub 0.x (requests) sends `recursive=True`; httpx and the JS client send `true`. */
describe("tree query flags", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
    await hub.content.init(hub.platform.add("model", "alice/flags"));
    const response = await hub.app.request(`/api/models/alice/flags/commit/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/x-ndjson" },
      body: ndjson([
        { key: "header", value: { summary: "nested" } },
        { key: "file", value: { path: "sub/deep/x.txt", content: "eA==", encoding: "base64" } },
      ]),
    });
    expect(response.status).toBe(200);
  });
  afterEach(() => hub.close());

  it.each(["true", "True", "1"])("recursive=%s lists nested files", async (value) => {
    const response = await hub.app.request(`/api/models/alice/flags/tree/main?recursive=${value}`, {
      headers: auth("alice"),
    });
    const paths = ((await response.json()) as { path: string }[]).map((entry) => entry.path);
    expect(paths).toContain("sub/deep/x.txt");
  });

  it("recursive=False lists only the top level", async () => {
    const response = await hub.app.request(`/api/models/alice/flags/tree/main?recursive=False`, {
      headers: auth("alice"),
    });
    const paths = ((await response.json()) as { path: string }[]).map((entry) => entry.path);
    expect(paths).not.toContain("sub/deep/x.txt");
    expect(paths).toContain("sub");
  });

  it("lists tree first, as the Hub: subfolders before files in every folder, each followed by its contents", async () => {
    const commit = await hub.app.request(`/api/models/alice/flags/commit/main`, {
      method: "POST",
      headers: { ...auth("alice"), "Content-Type": "application/x-ndjson" },
      body: ndjson([
        { key: "header", value: { summary: "more" } },
        { key: "file", value: { path: "sub/a.txt", content: "eA==", encoding: "base64" } },
        { key: "file", value: { path: "z/b.txt", content: "eA==", encoding: "base64" } },
      ]),
    });
    expect(commit.status).toBe(200);
    const list = async (query: string) =>
      (
        (await (
          await hub.app.request(`/api/models/alice/flags/tree/main${query}`, { headers: auth("alice") })
        ).json()) as { path: string }[]
      ).map((entry) => entry.path);
    expect(await list("?recursive=true")).toEqual([
      "sub",
      "sub/deep",
      "sub/deep/x.txt",
      "sub/a.txt",
      "z",
      "z/b.txt",
      ".gitattributes",
    ]);
    expect(await list("")).toEqual(["sub", "z", ".gitattributes"]);
  });
});
